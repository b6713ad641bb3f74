import Foundation

/// One commit as `git log -z --raw --numstat` prints it, before any judgement.
struct LoggedCommit: Sendable {
    var hash: String
    var parents: [String]
    var authorTime: Int
    var committerTime: Int
    /// The author's calendar day in the author's own time zone, `YYYY-MM-DD`.
    var authorDay: String
    var message: String
    var numstat: [NumstatEntry]
    /// Blob changes against the first parent (`--raw`), to rebuild trees without one git call per commit.
    var treeChanges: [TreeChange]
}

/// A `--numstat` line: lines added and deleted (`nil` for a binary file) and the path after any rename.
struct NumstatEntry: Sendable, Equatable {
    var added: Int?
    var deleted: Int?
    var path: String
}

/// A `--raw` line: the path now holds `blob`, or is gone (`blob == nil`); a rename also empties `oldPath`.
struct TreeChange: Sendable, Equatable {
    var path: String
    var blob: String?
    var oldPath: String?
}

/// Reads the output of one `git log` call for a whole range.
enum CommitLog {
    /// The `--format` whose records `parse` reads: a record separator, then fields split by unit separators.
    static let format = "--format=%x1e%H%x1f%P%x1f%at%x1f%ct%x1f%ai%x1f%B%x1f"

    /// The arguments of the one `git log` that reads `range` along first parents, oldest first, with sizes
    /// (`--numstat`) and blob ids (`--raw`).
    static func arguments(range: String) -> [String] {
        ["log", "--first-parent", "--reverse", "--root", "-z", "--raw", "--numstat", "--no-abbrev", "-M"]
            + GitCommand.safeDiff + [format, range, "--"]
    }

    /// Parses the `-z` output. Commit records start with `\u{1e}`; diff entries are NUL-terminated tokens (a
    /// rename's two paths are tokens of their own), so any byte in a path or message is read positionally.
    static func parse(_ output: String) -> [LoggedCommit] {
        let bytes = Array(output.utf8)
        let tokens = bytes.split(separator: 0, omittingEmptySubsequences: false)
        var commits: [LoggedCommit] = []
        var index = 0
        while index < tokens.count {
            var token = tokens[index]
            index += 1
            while token.first == UInt8(ascii: "\n") { token = token.dropFirst() }
            guard let first = token.first else { continue }
            if first == 0x1e {
                if let commit = header(token.dropFirst()) { commits.append(commit) }
            } else if first == UInt8(ascii: ":") {
                // `:oldmode newmode oldblob newblob status` then one path, two for renames and copies.
                let fields = token.dropFirst().split(separator: UInt8(ascii: " "))
                guard fields.count >= 5, index < tokens.count else { continue }
                let status = fields[4].first ?? 0
                let newBlob = text(fields[3])
                let twoPaths = status == UInt8(ascii: "R") || status == UInt8(ascii: "C")
                let firstPath = text(tokens[index])
                index += 1
                var change = TreeChange(path: firstPath, blob: newBlob.allSatisfy { $0 == "0" } ? nil : newBlob)
                if twoPaths, index < tokens.count {
                    change.path = text(tokens[index])
                    index += 1
                    if status == UInt8(ascii: "R") { change.oldPath = firstPath }
                }
                if !commits.isEmpty { commits[commits.count - 1].treeChanges.append(change) }
            } else {
                // `added\tdeleted\tpath`, or `added\tdeleted\t` followed by the old and new paths.
                let parts = token.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3 else { continue }
                var path = text(parts[2])
                if parts[2].isEmpty {
                    guard index + 1 < tokens.count else { break }
                    path = text(tokens[index + 1])
                    index += 2
                }
                let entry = NumstatEntry(added: Int(text(parts[0])), deleted: Int(text(parts[1])), path: path)
                if !commits.isEmpty { commits[commits.count - 1].numstat.append(entry) }
            }
        }
        return commits
    }

    private static func header(_ bytes: ArraySlice<UInt8>) -> LoggedCommit? {
        let fields = bytes.split(separator: 0x1f, maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count == 6, let authorTime = Int(text(fields[2])), let committerTime = Int(text(fields[3]))
        else { return nil }
        var body = fields[5]
        if body.last == 0x1f { body = body.dropLast() }
        let parents = text(fields[1]).split(separator: " ").map(String.init)
        return LoggedCommit(
            hash: text(fields[0]), parents: parents, authorTime: authorTime, committerTime: committerTime,
            authorDay: String(text(fields[4]).prefix(10)), message: text(body), numstat: [], treeChanges: [])
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

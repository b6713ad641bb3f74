import Foundation

/// Finds the commit a candidate's work starts from when the workspace manifest does not name it.
struct BaselineLocator {
    var git: GitCommand

    /// The trailer `grader new` writes into its baseline commit's message.
    static let trailer = "Grader-Exercise:"

    /// The earliest commit along first parents whose message has `Grader-Exercise: <exerciseID>` (any exercise
    /// when `exerciseID` is nil).
    static func byTrailer(_ commits: [LoggedCommit], exerciseID: String?) -> Int? {
        commits.firstIndex { commit in
            commit.message.split(separator: "\n").contains { line in
                let line = line.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix(trailer) else { return false }
                let value = line.dropFirst(trailer.count).trimmingCharacters(in: .whitespaces)
                return exerciseID.map { value == $0 } ?? !value.isEmpty
            }
        }
    }

    /// The commit whose tree best matches the starter's files (Jaccard similarity of `(path, blob id)` pairs),
    /// with that similarity; ties go to the earliest. Trees are rebuilt from the log's `--raw` changes, so no
    /// git call per commit is needed; the starter's blob ids come from one `git hash-object --stdin-paths`.
    func byStarter(_ commits: [LoggedCommit], starter: URL) -> (index: Int, similarity: Double)? {
        let files = Self.starterFiles(starter)
        guard !files.isEmpty else { return nil }
        let input = files.map { starter.appendingPathComponent($0).path }.joined(separator: "\n") + "\n"
        guard
            case .success(let output) = git.run(
                ["hash-object", "--no-filters", "--stdin-paths"], input: Data(input.utf8))
        else { return nil }
        let blobs = output.stdout.split(separator: "\n").map(String.init)
        guard blobs.count == files.count else { return nil }
        let expected = Dictionary(zip(files, blobs), uniquingKeysWith: { first, _ in first })

        var tree: [String: String] = [:]
        var matches = 0
        var best: (index: Int, similarity: Double)?
        func set(_ path: String, _ blob: String?) {
            if let old = tree[path], expected[path] == old { matches -= 1 }
            tree[path] = blob
            if let blob, expected[path] == blob { matches += 1 }
        }
        for (index, commit) in commits.enumerated() {
            for change in commit.treeChanges {
                if let old = change.oldPath { set(old, nil) }
                set(change.path, change.blob)
            }
            let union = expected.count + tree.count - matches
            let similarity = union == 0 ? 0 : Double(matches) / Double(union)
            if similarity > (best?.similarity ?? 0) { best = (index, similarity) }
        }
        return best
    }

    /// The starter's regular files, relative and `/`-separated, without build and tool folders.
    static func starterFiles(_ folder: URL) -> [String] {
        let skipped: Set<String> = [".git", ".build", ".swiftpm", ".grader", "DerivedData", "xcuserdata"]
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard
            let enumerator = FileManager.default.enumerator(
                at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        else { return [] }
        var files: [String] = []
        for case let url as URL in enumerator {
            if skipped.contains(url.lastPathComponent) {
                enumerator.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values?.isRegularFile == true, values?.isSymbolicLink != true else { continue }
            let path = url.resolvingSymlinksInPath().path
            guard path.hasPrefix(root + "/"), !path.contains("\n") else { continue }
            files.append(String(path.dropFirst(root.count + 1)))
        }
        return files.sorted()
    }
}

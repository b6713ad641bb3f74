import Foundation
import GraderCore

/// A commit for `SyntheticRepository`: its message, dates and the files it writes or deletes.
public struct SyntheticCommit: Sendable, Equatable {
    public var message: String
    public var authorDate: Date
    public var committerDate: Date
    /// Files this commit writes, path → whole new content.
    public var files: [String: String]
    public var deletions: [String]

    public init(
        message: String, date: Date, committerDate: Date? = nil, files: [String: String] = [:],
        deletions: [String] = []
    ) {
        self.message = message
        self.authorDate = date
        self.committerDate = committerDate ?? date
        self.files = files
        self.deletions = deletions
    }
}

/// Builds git repositories with chosen histories in one `git fast-import` run: fixtures for tests and the
/// benchmark's 5,000-commit repository, in a second or two.
public enum SyntheticRepository {
    public static let authorName = "Candidate"
    public static let authorEmail = "candidate@example.invalid"

    /// The `git fast-import` stream that commits `commits` in order on `refs/heads/<branch>`.
    public static func stream(_ commits: [SyntheticCommit], branch: String = "main") -> Data {
        var out = Data()
        func add(_ text: String) { out.append(contentsOf: Array(text.utf8)) }
        func data(_ text: String) {
            add("data \(text.utf8.count)\n")
            add(text)
            add("\n")
        }
        for (number, commit) in commits.enumerated() {
            add("commit refs/heads/\(branch)\nmark :\(number + 1)\n")
            add("author \(authorName) <\(authorEmail)> \(Int(commit.authorDate.timeIntervalSince1970)) +0000\n")
            add("committer \(authorName) <\(authorEmail)> \(Int(commit.committerDate.timeIntervalSince1970)) +0000\n")
            data(commit.message)
            for path in commit.deletions.sorted() { add("D \(quoted(path))\n") }
            for (path, content) in commit.files.sorted(by: { $0.key < $1.key }) {
                add("M 100644 inline \(quoted(path))\n")
                data(content)
            }
            add("\n")
        }
        add("done\n")
        return out
    }

    /// Creates a repository at `folder` (made if missing) holding `commits` on `main`, with the last commit
    /// checked out. Returns the HEAD commit's hash.
    @discardableResult
    public static func create(
        at folder: URL, commits: [SyntheticCommit], checkout: Bool = true, runner: ProcessRunner = .live
    ) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try git(["init", "--quiet", "--initial-branch=main"], in: folder, runner: runner)
        try git(["fast-import", "--quiet", "--done"], in: folder, input: stream(commits), runner: runner)
        if checkout, !commits.isEmpty {
            try git(["read-tree", "-u", "--reset", "HEAD"], in: folder, runner: runner)
        }
        return commits.isEmpty
            ? ""
            : try git(["rev-parse", "HEAD"], in: folder, runner: runner).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A believable history: a baseline commit with `Grader-Exercise: <exercise>`, then `count` commits, one
    /// every `spacing` seconds from `start`, each rewriting one of `fileCount` source files with
    /// `linesPerCommit` new lines (so a file's first commit changes `linesPerCommit` lines, later ones twice
    /// that), every `testEvery`-th writing a test file instead; messages like "Add the movie list, step 12".
    public static func generatedHistory(
        commits count: Int, exercise: String = "movie-client", start: Date = Date(timeIntervalSince1970: 1_767_225_600),
        spacing: TimeInterval = 600, fileCount: Int = 40, linesPerCommit: Int = 10, testEvery: Int = 5
    ) -> [SyntheticCommit] {
        var commits = [
            SyntheticCommit(
                message: "Start the \(exercise) exercise\n\nGrader-Exercise: \(exercise)\n", date: start,
                files: ["README.md": "# \(exercise)\n", "Package.swift": "// swift-tools-version:5.9\n"])
        ]
        let topics = ["movie list", "search", "poster cache", "request builder", "decoding", "error handling"]
        for number in 1...max(1, count) where count > 0 {
            let isTest = testEvery > 0 && number % testEvery == 0
            let file = number % fileCount
            let path = isTest ? "Tests/AppTests/Feature\(file)Tests.swift" : "Sources/App/Feature\(file).swift"
            let body = (0..<linesPerCommit).map { "let value\($0) = \(number) // line \($0)" }.joined(separator: "\n")
            let verb = isTest ? "Test" : "Add"
            commits.append(
                SyntheticCommit(
                    message: "\(verb) the \(topics[number % topics.count]), step \(number)\n",
                    date: start.addingTimeInterval(spacing * Double(number)), files: [path: body + "\n"]))
        }
        return commits
    }

    /// A path as fast-import reads it: C-style quoted when it holds a quote, backslash, newline or space edge.
    static func quoted(_ path: String) -> String {
        guard path.contains(where: { $0 == "\"" || $0 == "\\" || $0 == "\n" }) || path.hasPrefix("\"") else {
            return path
        }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }

    @discardableResult
    static func git(_ arguments: [String], in folder: URL, input: Data? = nil, runner: ProcessRunner) throws -> String {
        let output = try runner(
            ProcessRequest(
                "git", ["-C", folder.path, "-c", "core.hooksPath=/dev/null"] + arguments,
                environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "LC_ALL": "C"],
                input: input,
                timeout: 300, outputLimit: 1 << 20))
        guard output.succeeded else {
            throw SyntheticRepositoryError(
                command: "git \(arguments.first ?? "")",
                message: output.stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return output.stdout
    }
}

/// A git command failed while building a synthetic repository.
public struct SyntheticRepositoryError: Error, CustomStringConvertible, Sendable {
    public var command: String
    public var message: String
    public var description: String { "\(command) failed: \(message)" }
}

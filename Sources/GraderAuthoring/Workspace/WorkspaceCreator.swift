import Foundation
import GraderCore
import GraderKit

/// `grader new`: a candidate workspace with the starter, a git repository and a baseline commit.
public struct WorkspaceCreator: Sendable {
    public let kit: Kit
    public var runner: ProcessRunner

    public init(kit: Kit, runner: ProcessRunner = .live) {
        self.kit = kit
        self.runner = runner
    }

    /// Creates the workspace at `folder` (which must not exist or be empty) and returns its manifest.
    @discardableResult
    public func create(exercise id: String, at folder: URL, date: Date? = nil) throws -> WorkspaceManifest {
        let rubric = try kit.rubric(id)
        let starter = SourceTree(scanning: kit.starter(id))
        guard !starter.files.isEmpty else {
            throw GraderError.toolFailed("Exercises/\(id) is empty; run 'swift run grader sync-exercises'")
        }
        let files = try Dictionary(
            uniqueKeysWithValues: starter.files.map { ($0, try Data(contentsOf: starter.url(of: $0))) })
        return try make(
            files, at: folder, rubric: rubric, title: "Start the \(rubric.title) exercise",
            body: "The starter as handed out; the candidate's work begins after this commit.", date: date)
    }

    /// `grader pair`: a workspace from the solution, with the task's README as TASK.md, graded on the task.
    @discardableResult
    public func createPair(exercise id: String, task: String, at folder: URL) throws -> WorkspaceManifest {
        let rubric = try kit.rubric(id, task: task)
        let solution = SourceTree(scanning: kit.solution(id))
        // The solution as a strong candidate would have left it: its tests included, the markers gone.
        let requirements = Set(try kit.rubric(id).requirements.map(\.id))
        var files: [String: Data] = [:]
        for path in solution.files where !StarterGenerator.isBuildProduct(path) {
            let data = try Data(contentsOf: solution.url(of: path))
            if path.hasSuffix(".swift"), let text = String(data: data, encoding: .utf8) {
                let source = StarterGenerator.shippedTest(text) ?? text
                files[path] = Data(try SolutionMarkers.strip(source, file: path, keeping: requirements).text.utf8)
            } else {
                files[path] = data
            }
        }
        let readme = kit.pairTask(id, task).appendingPathComponent("README.md")
        files["TASK.md"] = try Data(contentsOf: readme)
        files[ExerciseManifest.fileName] = try ExerciseManifest(exercise: id, version: rubric.version).encoded()
        if files[".gitignore"] == nil { files[".gitignore"] = Data(StarterGenerator.gitignore.utf8) }
        return try make(
            files, at: folder, rubric: rubric, title: "Start the \(rubric.title) pair session",
            body: "The reference solution of \(id); the session's work begins after this commit.", date: nil,
            trailers: "\nGrader-Task: \(task)")
    }

    private func make(
        _ files: [String: Data], at folder: URL, rubric: Rubric, title: String, body: String, date: Date?,
        trailers: String = ""
    ) throws -> WorkspaceManifest {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: folder.path), !existing.isEmpty {
            throw GraderError.destinationExists(folder.path)
        }
        try StarterGenerator.write(files, to: folder)
        var identity = [
            "GIT_AUTHOR_NAME": "Interview Kit", "GIT_AUTHOR_EMAIL": "grader@interview-kit.invalid",
            "GIT_COMMITTER_NAME": "Interview Kit", "GIT_COMMITTER_EMAIL": "grader@interview-kit.invalid",
        ]
        if let date {
            identity["GIT_AUTHOR_DATE"] = Self.gitDate(date)
            identity["GIT_COMMITTER_DATE"] = Self.gitDate(date)
        }
        let message = """
            \(title)

            \(body)

            Grader-Exercise: \(rubric.exercise)
            Grader-Version: \(rubric.version)\(trailers)
            """
        for arguments in [
            ["init", "--quiet", "--initial-branch=main"], ["add", "--all"],
            ["commit", "--quiet", "--no-verify", "-m", message],
        ] {
            try git(arguments, in: folder, environment: identity)
        }
        let baseline = try git(["rev-parse", "HEAD"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        let manifest = WorkspaceManifest(
            exercise: rubric.exercise, version: rubric.version, baseline: baseline,
            createdAt: ISO8601DateFormatter().string(from: Date()), task: rubric.task)
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let url = folder.appendingPathComponent(WorkspaceManifest.path)
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (encoder.encode(manifest) + Data("\n".utf8)).write(to: url)
        return manifest
    }

    /// A date as git reads it in GIT_AUTHOR_DATE: `@<seconds> +0000`.
    static func gitDate(_ date: Date) -> String { "@\(Int(date.timeIntervalSince1970)) +0000" }

    @discardableResult
    func git(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> String {
        let output = try runner(
            ProcessRequest(
                "git", ["-C", folder.path] + arguments, environment: environment.merging(["LC_ALL": "C"]) { a, _ in a },
                timeout: 120))
        guard output.succeeded else {
            throw GraderError.toolFailed(
                "git \(arguments.first ?? "") failed: \(Builder.lastLines(output.stderr, count: 1))")
        }
        return output.stdout
    }
}

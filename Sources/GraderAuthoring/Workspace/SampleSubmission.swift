import Foundation
import GraderCore
import GraderKit

/// A believable candidate submission made from the solution: `grader new`'s baseline, then one small commit
/// per requirement over an afternoon, unit tests added halfway, and the last requirements left undone.
/// `grader demo` grades one, so a new user sees every part of a report without a real candidate.
public struct SampleSubmission: Sendable {
    public let kit: Kit
    public var runner: ProcessRunner

    public init(kit: Kit, runner: ProcessRunner = .live) {
        self.kit = kit
        self.runner = runner
    }

    /// Creates the sample at `folder`; `leaveOut` requirements at the end stay as gaps.
    public func create(exercise id: String, at folder: URL, leaveOut: Int = 1, now: Date = Date()) throws {
        let rubric = try kit.rubric(id)
        let creator = WorkspaceCreator(kit: kit, runner: runner)
        let requirements = rubric.requirements.map(\.id)
        let done = Array(requirements.dropLast(min(leaveOut, requirements.count)))
        let start = now.addingTimeInterval(-Double(done.count + 2) * 25 * 60)
        try creator.create(exercise: id, at: folder, date: start)

        let solution = SourceTree(scanning: kit.solution(id))
        let sources = solution.swiftFiles.filter { $0.hasPrefix("Sources/") }
        let tests = solution.files.filter { $0.hasPrefix("Tests/") }
        var kept: Set<String> = []
        for (index, requirement) in done.enumerated() {
            kept.insert(requirement)
            for path in sources {
                let text = try String(contentsOf: solution.url(of: path), encoding: .utf8)
                let filled = try SolutionMarkers.strip(text, file: path, keeping: kept).text
                try write(filled, to: folder.appendingPathComponent(path))
            }
            let title = rubric.requirements.first { $0.id == requirement }?.title ?? requirement
            try commit(
                "Implement \(requirement): \(title.prefix(1).lowercased() + title.dropFirst())", in: folder,
                at: start.addingTimeInterval(Double(index + 1) * 25 * 60))
            if index == done.count / 2 {
                for path in tests {
                    let data = try Data(contentsOf: solution.url(of: path))
                    try write(String(decoding: data, as: UTF8.self), to: folder.appendingPathComponent(path))
                }
                try commit(
                    "Add unit tests for the parts built so far", in: folder,
                    at: start.addingTimeInterval(Double(index + 1) * 25 * 60 + 600))
            }
        }
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func commit(_ message: String, in folder: URL, at date: Date) throws {
        let environment = [
            "GIT_AUTHOR_NAME": "Sample Candidate", "GIT_AUTHOR_EMAIL": "sample@candidate.invalid",
            "GIT_COMMITTER_NAME": "Sample Candidate", "GIT_COMMITTER_EMAIL": "sample@candidate.invalid",
            "GIT_AUTHOR_DATE": WorkspaceCreator.gitDate(date), "GIT_COMMITTER_DATE": WorkspaceCreator.gitDate(date),
        ]
        let creator = WorkspaceCreator(kit: kit, runner: runner)
        try creator.git(["add", "--all"], in: folder, environment: environment)
        try creator.git(
            ["commit", "--quiet", "--no-verify", "--allow-empty", "-m", message], in: folder, environment: environment)
    }
}

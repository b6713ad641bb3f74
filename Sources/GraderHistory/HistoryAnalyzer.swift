import Foundation
import GraderCore

/// Reads a candidate's git history after the baseline: sizes, messages, process and integrity (SPEC §4).
///
/// The repository is untrusted: git runs through `GitCommand`, which lets no repository setting start a
/// program. The whole first-parent history is read by one `git log` (sizes and blob ids together), so the
/// cost grows with the history's size, not with the number of git calls.
public struct HistoryAnalyzer: Sendable {
    public var runner: ProcessRunner
    public var now: @Sendable () -> Date

    public init(runner: ProcessRunner = .live, now: @escaping @Sendable () -> Date = { Date() }) {
        self.runner = runner
        self.now = now
    }

    /// Analyses the repository at `repository`. Never throws: problems land in the summary.
    ///
    /// - Parameters:
    ///   - baseline: the hash `grader new` recorded in the workspace manifest, if any.
    ///   - exerciseID: the exercise, to find the baseline by its `Grader-Exercise:` trailer.
    ///   - starter: the starter's folder, to find the baseline by its files when nothing else names it.
    ///   - parameters: the `history` criterion's parameters (thresholds for the summary's figures).
    public func analyze(
        repository: URL, baseline: String?, exerciseID: String?, starter: URL?, parameters: [String: JSONValue]
    ) -> HistoryReport {
        let analyzedAt = now()
        let thresholds = HistoryParameters(parameters)
        func unread(_ problem: String) -> HistoryReport {
            HistoryReport(
                summary: HistorySummary(
                    commits: 0, baseline: nil, medianLines: 0, maxLines: 0, shareOverThreshold: 0, daysWithCommits: 0,
                    observations: [], problems: [problem]),
                commits: [], historyRead: false, baseline: nil, baselineSource: nil, baselineDate: nil,
                descendsFromBaseline: nil, analyzedAt: analyzedAt, problems: [problem])
        }

        let gitDirectory = repository.appendingPathComponent(".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: gitDirectory.path, isDirectory: &isDirectory) else {
            return unread("no git repository (no .git folder)")
        }
        guard isDirectory.boolValue else {
            return unread("no git repository: .git is a file (a worktree or submodule link), not followed")
        }
        let git = GitCommand(runner: runner, gitDirectory: gitDirectory, workTree: repository)
        var problems: [String] = []
        let shallow = Self.shallowBoundary(gitDirectory)
        if let first = shallow.first {
            problems.append(
                "shallow clone: history before \(first.prefix(7)) is missing; the figures cover the commits present")
        }

        var logged: [LoggedCommit]
        switch git.run(CommitLog.arguments(range: "HEAD"), outputLimit: 1 << 30, timeout: 300) {
        case .failure(let failure):
            if failure.message.contains("does not have any commits") || failure.message.contains("unknown revision")
                || failure.message.contains("bad revision 'HEAD'")
            {
                return unread("empty repository: no commits")
            }
            return unread("git log failed: \(failure.message)")
        case .success(let output):
            logged = CommitLog.parse(output.stdout)
            if output.truncated {
                logged.removeLast(min(1, logged.count))
                problems.append("history too large: only its first \(logged.count) commits were read")
            }
        }
        guard !logged.isEmpty else { return unread("empty repository: no commits") }

        // The baseline: the manifest's, else the trailer's, else the starter's best match, else the root.
        var index: Int?
        var range: [LoggedCommit]?
        var source = BaselineSource.root
        var baselineHash: String?
        var baselineTime: Int?
        var descends: Bool?
        if let recorded = baseline?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), !recorded.isEmpty {
            if !Self.isCommitHash(recorded) {
                problems.append("the manifest's baseline '\(recorded.prefix(64))' is not a commit hash")
            } else if let found = logged.firstIndex(where: { $0.hash.hasPrefix(recorded) }) {
                (index, source, descends) = (found, .manifest, true)
            } else {
                switch git.run(["merge-base", "--is-ancestor", recorded, "HEAD"]) {
                case .success:
                    // An ancestor, though not along first parents (merged in from a side branch).
                    descends = true
                    if case .success(let output) = git.run(
                        CommitLog.arguments(range: "\(recorded)..HEAD"), outputLimit: 1 << 30, timeout: 300),
                        case .success(let shown) = git.run(["show", "-s", "--format=%H%x1f%at", recorded, "--"])
                    {
                        let fields = shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(
                            separator: "\u{1f}")
                        range = CommitLog.parse(output.stdout)
                        source = .manifest
                        baselineHash = fields.first.map(String.init) ?? recorded
                        baselineTime = fields.count > 1 ? Int(fields[1]) : nil
                    }
                case .failure(let failure) where failure.status == 1:
                    descends = false
                    problems.append("HEAD does not descend from the manifest's baseline \(recorded.prefix(7))")
                case .failure:
                    if shallow.isEmpty {
                        descends = false
                        problems.append("the manifest's baseline \(recorded.prefix(7)) is not in the repository")
                    } else {
                        problems.append(
                            "the manifest's baseline \(recorded.prefix(7)) is not in the shallow history: "
                                + "whether HEAD descends from it is unknown")
                    }
                }
            }
        }
        if index == nil, range == nil {
            if let found = BaselineLocator.byTrailer(logged, exerciseID: exerciseID) {
                (index, source) = (found, .trailer)
            } else if let starter,
                let match = BaselineLocator(git: git).byStarter(
                    logged, starter: starter, workLines: thresholds.baselineWorkLines)
            {
                switch match {
                case .baseline(let found, _):
                    (index, source) = (found, .starter)
                case .uncertain(let first, let lines):
                    // The baseline must come before the candidate's work: the commit before the first match, or
                    // nothing (every commit counted) when that match is the root.
                    source = .uncertain
                    let own = "adds \(lines) lines of its own (over \(thresholds.baselineWorkLines))"
                    if first > 0 {
                        index = first - 1
                        problems.append(
                            "baseline uncertain: \(logged[first].hash.prefix(7)), the first commit matching the "
                                + "starter's files, already \(own): measured from the commit before it")
                    } else {
                        range = logged
                        problems.append(
                            "baseline uncertain: \(logged[first].hash.prefix(7)), the root commit, matches the "
                                + "starter's files but already \(own): every commit counted, the root included")
                    }
                }
            } else {
                (index, source) = (0, .root)
                problems.append(
                    "no baseline recorded or found (no manifest, no Grader-Exercise trailer, no commit matching the "
                        + "starter): measured from the root commit \(logged[0].hash.prefix(7))")
            }
        }
        if let index {
            baselineHash = logged[index].hash
            baselineTime = logged[index].authorTime
        }
        let after = range ?? Array(logged[((index ?? 0) + 1)...])
        let commits = after.map { Self.commitInfo($0, shallow: shallow) }
        if commits.isEmpty {
            problems.append("empty history: no commits after the baseline \(baselineHash?.prefix(7) ?? "")")
        }

        var report = HistoryReport(
            summary: HistorySummary(
                commits: 0, baseline: nil, medianLines: 0, maxLines: 0, shareOverThreshold: 0, daysWithCommits: 0,
                observations: [], problems: []),
            commits: commits, historyRead: true, baseline: baselineHash, baselineSource: source,
            baselineDate: baselineTime.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            descendsFromBaseline: descends, analyzedAt: analyzedAt, problems: problems)
        report.recordedBaseline = baseline
        report.summary = Self.summary(report, parameters: thresholds)
        return report
    }

    /// The result's `history` block for `report`, measured with `parameters`.
    public static func summary(_ report: HistoryReport, parameters: HistoryParameters) -> HistorySummary {
        let assessment = HistoryAssessment(report: report, parameters: parameters)
        let figures = assessment.figures
        var observations = assessment.dumpLine.map { [$0] } ?? []
        observations += assessment.messageFlags.prefix(50).map(\.description)
        if assessment.messageFlags.count > 50 {
            observations.append("… and \(assessment.messageFlags.count - 50) more message flags")
        }
        observations.append(assessment.processLine)
        observations += assessment.integrityIssues.map(\.description)
        observations += hiddenLines(report.commits)
        var summary = HistorySummary(
            commits: figures.commits, baseline: report.baseline, medianLines: figures.medianLines,
            maxLines: figures.maxLines, shareOverThreshold: figures.shareOverThreshold,
            daysWithCommits: figures.daysWithCommits, observations: observations, problems: report.problems)
        summary.baselineSource = report.baselineSource?.rawValue
        summary.maxCommitLines = parameters.maxCommitLines
        summary.flaggedMessages = assessment.flaggedCommits
        summary.testCommits = figures.testCommits
        summary.firstTestCommit = figures.firstTestCommit
        summary.commitLog = commitLog(report.commits)
        return summary
    }

    /// The per-commit figures the HTML report charts: the first `commitLogLimit` commits; nil when none.
    static func commitLog(_ commits: [CommitInfo]) -> [CommitSummary]? {
        guard !commits.isEmpty else { return nil }
        return commits.prefix(HistorySummary.commitLogLimit).map { commit in
            CommitSummary(
                hash: commit.hash, title: commit.title, authoredAt: commit.authorDate,
                lines: commit.sizeUnknown ? 0 : commit.linesChanged, touchesTests: commit.touchesTests,
                sizeUnknown: commit.sizeUnknown)
        }
    }

    /// Source files git counted as binary (a `.gitattributes` can hide lines that way): said, not scored.
    static func hiddenLines(_ commits: [CommitInfo]) -> [String] {
        let textual: Set<String> = ["swift", "m", "h", "mm", "json", "md", "txt", "plist", "yml", "yaml", "sh"]
        var paths: [String] = []
        for commit in commits {
            for file in commit.files where file.kind == .binary {
                let ext = file.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
                if textual.contains(ext), !paths.contains(file.path) { paths.append(file.path) }
            }
        }
        guard !paths.isEmpty else { return [] }
        let shown = paths.prefix(5).joined(separator: ", ")
        return ["text files counted as binary, their lines not counted: \(shown)\(paths.count > 5 ? ", …" : "")"]
    }

    static func commitInfo(_ commit: LoggedCommit, shallow: Set<String>) -> CommitInfo {
        let files = commit.numstat.map { entry in
            FileChange(
                path: entry.path, added: entry.added, deleted: entry.deleted,
                kind: FileClassifier.classify(entry.path, binary: entry.added == nil || entry.deleted == nil))
        }
        return CommitInfo(
            hash: commit.hash, parents: commit.parents,
            authorDate: Date(timeIntervalSince1970: TimeInterval(commit.authorTime)),
            committerDate: Date(timeIntervalSince1970: TimeInterval(commit.committerTime)),
            authorDay: commit.authorDay, message: commit.message, files: files,
            sizeUnknown: shallow.contains(commit.hash))
    }

    /// The commits `.git/shallow` lists: their parents are missing, so their diffs are whole trees.
    static func shallowBoundary(_ gitDirectory: URL) -> Set<String> {
        guard let text = try? String(contentsOf: gitDirectory.appendingPathComponent("shallow"), encoding: .utf8)
        else { return [] }
        return Set(text.split(whereSeparator: \.isNewline).map(String.init).filter(isCommitHash))
    }

    /// 4 to 64 lowercase hex digits: safe to pass to git as a revision (never an option).
    static func isCommitHash(_ text: String) -> Bool {
        (4...64).contains(text.count) && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}

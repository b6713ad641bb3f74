import Foundation

/// The size and process figures of a history (SPEC §4: median, largest, share over a threshold, days, tests).
public struct HistoryFigures: Sendable, Equatable {
    public var commits: Int
    /// Commits whose size is known (a shallow clone's boundary commit is not).
    public var sizedCommits: Int
    public var medianLines: Double
    public var maxLines: Int
    /// The largest commit's short hash.
    public var largestCommit: String?
    /// Commits over `max_commit_lines`, and their share of the sized commits (0–1).
    public var overThreshold: Int
    public var shareOverThreshold: Double
    /// The share of all changed lines that sit in commits over the threshold (0–1).
    public var linesShareOverThreshold: Double
    public var totalLines: Int
    public var daysWithCommits: Int
    public var testCommits: Int
    /// The 1-based position of the first commit touching tests.
    public var firstTestCommit: Int?

    public init(_ commits: [CommitInfo], maxCommitLines: Int) {
        self.commits = commits.count
        let sized = commits.filter { !$0.sizeUnknown }
        let sizes = sized.map(\.linesChanged)
        sizedCommits = sized.count
        let sorted = sizes.sorted()
        if sorted.isEmpty {
            medianLines = 0
        } else if sorted.count % 2 == 1 {
            medianLines = Double(sorted[sorted.count / 2])
        } else {
            medianLines = Double(sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        let largest = sized.max { $0.linesChanged < $1.linesChanged }
        maxLines = largest?.linesChanged ?? 0
        largestCommit = largest?.shortHash
        let over = sizes.filter { $0 > maxCommitLines }
        overThreshold = over.count
        shareOverThreshold = sizes.isEmpty ? 0 : Double(over.count) / Double(sizes.count)
        totalLines = sizes.reduce(0, +)
        linesShareOverThreshold = totalLines == 0 ? 0 : Double(over.reduce(0, +)) / Double(totalLines)
        daysWithCommits = Set(commits.map(\.authorDay)).count
        testCommits = commits.filter(\.touchesTests).count
        firstTestCommit = commits.firstIndex { $0.touchesTests }.map { $0 + 1 }
    }
}

/// One commit holding most of a history's changed lines (SPEC §7: judged by lines, not by commit count).
public struct DumpFinding: Sendable, Equatable {
    /// The commit's full and short hash, and its title.
    public var hash: String
    public var commit: String
    public var title: String
    /// Its changed lines, all the history's changed lines (sized commits), and its share of them (0–1).
    public var lines: Int
    public var totalLines: Int
    public var share: Double
    /// Whether the dump touches tests (tests written with the whole app count as tests at the end).
    public var touchesTests: Bool

    /// The largest sized commit, when it changes more than `max_commit_lines` lines and holds more than
    /// `dump_share` of all changed lines.
    static func find(_ commits: [CommitInfo], parameters: HistoryParameters) -> DumpFinding? {
        let sized = commits.filter { !$0.sizeUnknown }
        let total = sized.reduce(0) { $0 + $1.linesChanged }
        guard total > 0, let largest = sized.max(by: { $0.linesChanged < $1.linesChanged }) else { return nil }
        let share = Double(largest.linesChanged) / Double(total)
        guard largest.linesChanged > parameters.maxCommitLines, share > parameters.dumpShare else { return nil }
        return DumpFinding(
            hash: largest.hash, commit: largest.shortHash, title: largest.title, lines: largest.linesChanged,
            totalLines: total, share: share, touchesTests: largest.touchesTests)
    }
}

/// "One dump replayed in a minute": how the commits' timestamps bunch up.
public enum ReplayFinding: Sendable, Equatable {
    case none
    /// Every commit authored within the replay window.
    case authoredAtOnce(commits: Int, seconds: Int)
    /// Authored over a longer time, yet every commit committed within the replay window (replayed or rebased).
    case committedAtOnce(commits: Int, authoredSeconds: Int, committedSeconds: Int)

    static func find(_ commits: [CommitInfo], window: TimeInterval) -> ReplayFinding {
        guard commits.count >= 3 else { return .none }
        let authored = span(commits.map(\.authorDate))
        let committed = span(commits.map(\.committerDate))
        if authored <= window { return .authoredAtOnce(commits: commits.count, seconds: Int(authored)) }
        if committed <= window {
            return .committedAtOnce(
                commits: commits.count, authoredSeconds: Int(authored), committedSeconds: Int(committed))
        }
        return .none
    }

    private static func span(_ dates: [Date]) -> TimeInterval {
        guard let first = dates.min(), let last = dates.max() else { return 0 }
        return last.timeIntervalSince(first)
    }
}

/// A reason to doubt the history's timestamps or ancestry, with what it costs (a factor on the score).
public struct IntegrityIssue: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case notDescended = "not-descended"
        case backdated
        case future
        case outOfOrder = "out-of-order"
        case duplicateTimestamps = "duplicate-timestamps"
    }

    public var kind: Kind
    /// Short hashes of the commits concerned.
    public var commits: [String]
    /// One line for the evidence, without the commit list.
    public var detail: String
    /// What the score is multiplied by (1 when the issue is only reported).
    public var factor: Double

    /// `backdated: 3 commits authored before the baseline (2026-01-02): a1b2c3d, b2c3d4e, c3d4e5f`.
    public var description: String {
        let shown = commits.prefix(5).joined(separator: ", ")
        let more = commits.count > 5 ? " and \(commits.count - 5) more" : ""
        return commits.isEmpty ? "\(kind.rawValue): \(detail)" : "\(kind.rawValue): \(detail): \(shown)\(more)"
    }

    /// The integrity issues of `report`'s commits, judged with `parameters`.
    static func find(in report: HistoryReport, parameters: HistoryParameters) -> [IntegrityIssue] {
        var issues: [IntegrityIssue] = []
        let commits = report.commits
        if report.descendsFromBaseline == false {
            issues.append(
                IntegrityIssue(
                    kind: .notDescended, commits: [],
                    detail:
                        "HEAD does not descend from the recorded baseline \((report.recordedBaseline ?? report.baseline ?? "").prefix(7))",
                    factor: 0.6))
        }
        if let baselineDate = report.baselineDate {
            let limit = baselineDate.addingTimeInterval(-parameters.clockSkew)
            let backdated = commits.filter { $0.authorDate < limit }
            if !backdated.isEmpty {
                issues.append(
                    IntegrityIssue(
                        kind: .backdated, commits: backdated.map(\.shortHash),
                        detail: "\(count(backdated.count)) authored before the baseline (\(day(baselineDate)))",
                        factor: 0.5))
            }
        }
        let future = commits.filter {
            max($0.authorDate, $0.committerDate) > report.analyzedAt.addingTimeInterval(parameters.clockSkew)
        }
        if !future.isEmpty {
            issues.append(
                IntegrityIssue(
                    kind: .future, commits: future.map(\.shortHash),
                    detail: "\(count(future.count)) dated after the check (\(day(report.analyzedAt)))", factor: 0.7))
        }
        var outOfOrder: [String] = []
        for (previous, commit) in zip(commits, commits.dropFirst())
        where commit.committerDate < previous.committerDate
            || commit.authorDate < previous.authorDate.addingTimeInterval(-parameters.clockSkew)
        {
            outOfOrder.append(commit.shortHash)
        }
        if !outOfOrder.isEmpty {
            issues.append(
                IntegrityIssue(
                    kind: .outOfOrder, commits: outOfOrder,
                    detail: "\(count(outOfOrder.count)) dated before the commit they follow", factor: 0.85))
        }
        var seen: Set<Date> = []
        let duplicates = commits.filter { !seen.insert($0.authorDate).inserted }
        if !duplicates.isEmpty {
            let many = duplicates.count >= max(2, Int((Double(commits.count) * 0.1).rounded(.up)))
            issues.append(
                IntegrityIssue(
                    kind: .duplicateTimestamps, commits: duplicates.map(\.shortHash),
                    detail: "\(count(duplicates.count)) with the same author time as an earlier one",
                    factor: many ? 0.85 : 1))
        }
        return issues
    }

    private static func count(_ commits: Int) -> String { commits == 1 ? "1 commit" : "\(commits) commits" }

    static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}

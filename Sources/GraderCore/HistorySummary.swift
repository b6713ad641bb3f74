import Foundation

/// The git-history figures a result carries (SPEC §4 `history`), filled in by GraderHistory.
public struct HistorySummary: Codable, Equatable, Sendable {
    /// Commits after the baseline.
    public var commits: Int
    /// The baseline commit the history was measured from, if one was found.
    public var baseline: String?
    /// Lines changed per commit (generated and vendored files excluded).
    public var medianLines: Double
    public var maxLines: Int
    /// The share of commits over the rubric's size threshold, from 0 to 1.
    public var shareOverThreshold: Double
    /// Distinct calendar days with commits.
    public var daysWithCommits: Int
    /// Message, process and integrity observations, each a short line ("T1 title over 72 characters: 3a9f1c2").
    public var observations: [String]
    /// What could not be checked (no repository, shallow clone, …).
    public var problems: [String]
    /// How the baseline was chosen: `manifest`, `trailer`, `starter` or `root`; absent when no history was read.
    public var baselineSource: String?
    /// The size threshold the share was measured against (the rubric's `max_commit_lines`).
    public var maxCommitLines: Int?
    /// Commits whose title gitlint-style checks flagged.
    public var flaggedMessages: Int?
    /// Commits that add or change test files.
    public var testCommits: Int?
    /// The 1-based position of the first commit touching tests, if any.
    public var firstTestCommit: Int?
    /// The commits after the baseline, oldest first, at most `commitLogLimit` of them (`commits` counts them
    /// all): what the HTML report's timeline and lines-per-commit charts draw. Absent when no commit was read,
    /// and in results written before it was added.
    public var commitLog: [CommitSummary]?

    /// The most commits `commitLog` lists; a longer history lists its first ones.
    public static let commitLogLimit = 500

    public init(
        commits: Int, baseline: String?, medianLines: Double, maxLines: Int, shareOverThreshold: Double,
        daysWithCommits: Int, observations: [String], problems: [String]
    ) {
        self.commits = commits
        self.baseline = baseline
        self.medianLines = medianLines
        self.maxLines = maxLines
        self.shareOverThreshold = shareOverThreshold
        self.daysWithCommits = daysWithCommits
        self.observations = observations
        self.problems = problems
    }
}

/// One commit after the baseline, as a report draws it: when it was authored, how many lines it changed and
/// what its title says. The title is the candidate's text: reporters escape it.
public struct CommitSummary: Codable, Equatable, Sendable {
    /// The full commit hash.
    public var hash: String
    /// The message's first line, at most `titleLimit` characters.
    public var title: String
    /// The author date in UTC, ISO 8601 (`2024-05-01T10:22:03Z`).
    public var authoredAt: String
    /// Lines changed, generated, vendored and binary files excluded (as `medianLines` counts them).
    public var lines: Int
    /// Whether the commit adds or changes test files.
    public var touchesTests: Bool
    /// True when the commit's size is unknown (it sits on a shallow clone's boundary); absent otherwise.
    public var sizeUnknown: Bool?

    /// The longest title a summary keeps.
    public static let titleLimit = 200

    public init(
        hash: String, title: String, authoredAt: Date, lines: Int, touchesTests: Bool, sizeUnknown: Bool = false
    ) {
        self.hash = hash
        self.title = String(title.prefix(Self.titleLimit))
        self.authoredAt = Self.timestamp(authoredAt)
        self.lines = lines
        self.touchesTests = touchesTests
        self.sizeUnknown = sizeUnknown ? true : nil
    }

    /// The author date, or nil when `authoredAt` is not an ISO 8601 timestamp (a hand-edited result).
    public var authorDate: Date? { Self.formatter().date(from: authoredAt) }

    /// `date` as `authoredAt` writes it.
    public static func timestamp(_ date: Date) -> String { formatter().string(from: date) }

    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }
}

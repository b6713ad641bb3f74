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

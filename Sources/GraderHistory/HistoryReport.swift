import Foundation
import GraderCore

/// One changed file of a commit, with its line counts and kind.
public struct FileChange: Sendable, Equatable {
    public var path: String
    /// Lines added and deleted; `nil` for a binary file.
    public var added: Int?
    public var deleted: Int?
    public var kind: FileKind

    public init(path: String, added: Int?, deleted: Int?, kind: FileKind) {
        self.path = path
        self.added = added
        self.deleted = deleted
        self.kind = kind
    }

    /// Lines this file adds to its commit's size: added + deleted for code and tests, 0 otherwise.
    public var countedLines: Int {
        kind == .source || kind == .test ? (added ?? 0) + (deleted ?? 0) : 0
    }
}

/// A commit after the baseline, as the checks read it.
public struct CommitInfo: Sendable, Equatable {
    public var hash: String
    public var parents: [String]
    public var authorDate: Date
    public var committerDate: Date
    /// The author's calendar day in the author's time zone (`YYYY-MM-DD`).
    public var authorDay: String
    public var message: String
    public var files: [FileChange]
    /// Whether the size is unknown: the commit sits on a shallow clone's boundary, so its diff is the whole tree.
    public var sizeUnknown: Bool

    public init(
        hash: String, parents: [String], authorDate: Date, committerDate: Date, authorDay: String, message: String,
        files: [FileChange], sizeUnknown: Bool = false
    ) {
        self.hash = hash
        self.parents = parents
        self.authorDate = authorDate
        self.committerDate = committerDate
        self.authorDay = authorDay
        self.message = message
        self.files = files
        self.sizeUnknown = sizeUnknown
    }

    /// The first seven characters of the hash.
    public var shortHash: String { String(hash.prefix(7)) }
    /// The message's first line, without trailing whitespace.
    public var title: String {
        let line = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(line).trimmingTrailingWhitespace()
    }
    public var isMerge: Bool { parents.count > 1 }
    /// Lines changed, generated, vendored and binary files excluded.
    public var linesChanged: Int { files.reduce(0) { $0 + $1.countedLines } }
    public var touchesTests: Bool { files.contains { $0.kind == .test } }
}

/// How the baseline commit was chosen.
public enum BaselineSource: String, Sendable, Equatable {
    /// The hash `grader new` recorded in the workspace manifest.
    case manifest
    /// The commit whose message carries `Grader-Exercise: <id>`.
    case trailer
    /// The commit whose tree best matches the starter's files.
    case starter
    /// The first commit matching the starter's files already holds the candidate's work: measured from the commit
    /// before it (or from the root commit included, when it is the root).
    case uncertain
    /// No baseline found: the root commit.
    case root
}

/// Everything the analyzer read from a repository; scoring turns it into a criterion result.
public struct HistoryReport: Sendable {
    /// The figures for the result's `history` block, measured with the parameters given to `analyze`.
    public var summary: HistorySummary
    /// Commits after the baseline along first parents, oldest first.
    public var commits: [CommitInfo]
    /// Whether a history was read at all (false: no repository, no commits, git failed).
    public var historyRead: Bool
    public var baseline: String?
    /// The baseline the workspace manifest recorded, as given (it may differ from `baseline` when missing).
    public var recordedBaseline: String?
    public var baselineSource: BaselineSource?
    /// The baseline commit's author date: commits authored before it are backdated.
    public var baselineDate: Date?
    /// Whether HEAD descends from the baseline recorded in the manifest; `nil` when no baseline was given.
    public var descendsFromBaseline: Bool?
    /// When the analysis ran (the injected clock): commits after it are in the future.
    public var analyzedAt: Date
    /// What could not be checked, one line each.
    public var problems: [String]

    public init(
        summary: HistorySummary, commits: [CommitInfo], historyRead: Bool, baseline: String?,
        baselineSource: BaselineSource?, baselineDate: Date?, descendsFromBaseline: Bool?, analyzedAt: Date,
        problems: [String]
    ) {
        self.summary = summary
        self.commits = commits
        self.historyRead = historyRead
        self.baseline = baseline
        self.baselineSource = baselineSource
        self.baselineDate = baselineDate
        self.descendsFromBaseline = descendsFromBaseline
        self.analyzedAt = analyzedAt
        self.problems = problems
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var result = Substring(self)
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return String(result)
    }
}

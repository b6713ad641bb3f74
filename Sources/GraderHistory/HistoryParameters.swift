import Foundation
import GraderCore

/// The thresholds of the `history` criterion, read from its rubric parameters (docs/history.md lists them).
public struct HistoryParameters: Sendable, Equatable {
    /// A commit changing more lines than this is "large" (`max_commit_lines`).
    public var maxCommitLines = 200
    /// gitlint T1: titles longer than this are flagged (`max_title_length`).
    public var maxTitleLength = 72
    /// gitlint T8: titles shorter than this are flagged (`min_title_length`).
    public var minTitleLength = 5
    /// Fewer commits than this scale the size and message sub-scores down (`min_commits`).
    public var minCommits = 5
    /// Commits all made within this many seconds are one dump replayed (`replay_window_seconds`).
    public var replayWindow: TimeInterval = 60
    /// Slack for clocks when judging backdated and future timestamps (`clock_skew_seconds`).
    public var clockSkew: TimeInterval = 300
    /// Tests first committed in this final share of the commits count as "tests only at the end"
    /// (`tests_tail_share`).
    public var testsTailShare = 0.2
    /// The largest commit is a dump when it holds more than this share of the changed lines and changes more
    /// than `maxCommitLines` lines (`dump_share`).
    public var dumpShare = 0.6
    /// A history with a dump earns at most this share of the criterion's points (`dump_max_score`).
    public var dumpMaxScore = 0.4
    /// When the baseline is found by the starter's files: a commit adding more than this many lines of its own
    /// (outside the starter's files) is the candidate's work, and the baseline must come before it
    /// (`baseline_work_lines`).
    public var baselineWorkLines = 20
    /// gitlint T5: words that mark work in progress (`wip_words`); `fixup!`/`squash!` match as prefixes.
    public var wipWords = ["wip", "fixup!", "squash!", "tmp", "temp"]
    /// Titles made only of these words say nothing (`vague_words`): "fix", "update stuff", "minor changes".
    public var vagueWords = [
        "fix", "fixes", "fixed", "fixing", "update", "updates", "updated", "change", "changes", "changed", "stuff",
        "asdf", "misc", "minor", "more", "some", "small", "various", "things", "work", "working", "progress",
        "commit", "save", "done", "final", "again", "code", "bug", "bugs", "cleanup", "edit", "edits", "test",
        "tests", "wip", "tmp", "temp", "it", "the", "a", "and", "of", "to",
    ]
    /// Weights of the size, messages and process sub-scores (`weights`: `{ "size", "messages", "process" }`);
    /// integrity multiplies their sum.
    public var sizeWeight = 0.4
    public var messagesWeight = 0.3
    public var processWeight = 0.3

    public init() {}

    /// The parameter names the history criterion takes, each with whether it is a number.
    public static let keys: [String: JSONValue.Kind] = [
        "max_commit_lines": .number, "max_title_length": .number, "min_title_length": .number, "min_commits": .number,
        "replay_window_seconds": .number, "clock_skew_seconds": .number, "tests_tail_share": .number,
        "dump_share": .number, "dump_max_score": .number, "baseline_work_lines": .number,
        "wip_words": .array, "vague_words": .array, "weights": .object,
    ]

    /// The defaults, overridden by whatever `parameters` sets.
    public init(_ parameters: [String: JSONValue]) {
        maxCommitLines = Int(parameters.number("max_commit_lines", default: Double(maxCommitLines)))
        maxTitleLength = Int(parameters.number("max_title_length", default: Double(maxTitleLength)))
        minTitleLength = Int(parameters.number("min_title_length", default: Double(minTitleLength)))
        minCommits = max(1, Int(parameters.number("min_commits", default: Double(minCommits))))
        replayWindow = parameters.number("replay_window_seconds", default: replayWindow)
        clockSkew = parameters.number("clock_skew_seconds", default: clockSkew)
        testsTailShare = parameters.number("tests_tail_share", default: testsTailShare)
        dumpShare = parameters.number("dump_share", default: dumpShare)
        dumpMaxScore = parameters.number("dump_max_score", default: dumpMaxScore)
        baselineWorkLines = Int(parameters.number("baseline_work_lines", default: Double(baselineWorkLines)))
        wipWords = parameters.strings("wip_words", default: wipWords).map { $0.lowercased() }
        vagueWords = parameters.strings("vague_words", default: vagueWords).map { $0.lowercased() }
        if case .object(let weights)? = parameters["weights"] {
            sizeWeight = weights.number("size", default: sizeWeight)
            messagesWeight = weights.number("messages", default: messagesWeight)
            processWeight = weights.number("process", default: processWeight)
        }
    }
}

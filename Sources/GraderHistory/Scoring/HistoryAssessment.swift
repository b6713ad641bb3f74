import Foundation
import GraderCore

/// A history judged against the criterion's thresholds: figures, flags, sub-scores and the evidence lines.
public struct HistoryAssessment: Sendable {
    public var parameters: HistoryParameters
    public var figures: HistoryFigures
    public var messageFlags: [MessageFlag]
    /// Commits with at least one message flag.
    public var flaggedCommits: Int
    public var replay: ReplayFinding
    public var integrityIssues: [IntegrityIssue]
    /// The commit holding most of the changed lines, if any (`dump_share`).
    public var dump: DumpFinding?
    /// Sub-scores from 0 to 1.
    public var size: Double
    public var messages: Double
    public var process: Double
    /// The factor integrity issues multiply the score by (1: none).
    public var integrity: Double
    /// The share of the criterion's points earned, 0–1.
    public var fraction: Double
    /// The share before a dump's cap (`dump_max_score`); equal to `fraction` without a dump.
    public var uncappedFraction: Double
    /// The 1-based position of the first commit touching tests other than the dump (with a dump only).
    public var firstTestCommitOutsideDump: Int?

    public init(report: HistoryReport, parameters: HistoryParameters) {
        self.parameters = parameters
        let commits = report.commits
        let figures = HistoryFigures(commits, maxCommitLines: parameters.maxCommitLines)
        self.figures = figures
        messageFlags = MessageLint.check(commits, parameters: parameters)
        flaggedCommits = Set(messageFlags.map(\.commit)).count
        replay = ReplayFinding.find(commits, window: parameters.replayWindow)
        integrityIssues = IntegrityIssue.find(in: report, parameters: parameters)
        let dump = DumpFinding.find(commits, parameters: parameters)
        self.dump = dump
        // A dump leaves this share of the lines to the rest of the history: size and pacing are at most that.
        let outside = dump.map { 1 - $0.share } ?? 1

        let count = commits.count
        let enough = min(1, Double(count) / Double(parameters.minCommits))
        size =
            figures.sizedCommits == 0
            ? 0 : enough * (1 - max(figures.shareOverThreshold, 0.5 * figures.linesShareOverThreshold))
        size = min(size, enough * outside)

        let linted = commits.filter { !$0.isMerge }
        var worst: [String: Double] = [:]
        for flag in messageFlags { worst[flag.commit] = max(worst[flag.commit] ?? 0, flag.rule.weight) }
        let penalty = linted.isEmpty ? 0 : worst.values.reduce(0, +) / Double(linted.count)
        messages = count == 0 ? 0 : enough * max(0, 1 - penalty)

        // Tests along the way: the first commit touching tests, the dump aside (tests written with the whole app
        // came in one go, as at the end).
        var tests = 1.0
        let firstTests = commits.indices.first { commits[$0].touchesTests && commits[$0].hash != dump?.hash }
        firstTestCommitOutsideDump = dump == nil ? nil : firstTests.map { $0 + 1 }
        if let first = firstTests.map({ $0 + 1 }) {
            let tail = max(1, Int((Double(count) * parameters.testsTailShare).rounded(.up)))
            if first > count - tail { tests = 0.3 }
        } else {
            tests = figures.testCommits > 0 ? 0.3 : 0
        }
        var pacing = 1.0
        switch replay {
        case _ where count < 2: pacing = 0
        case .authoredAtOnce: pacing = 0
        case .committedAtOnce: pacing = 0.6
        case .none: pacing = 1
        }
        pacing = min(pacing, outside)
        process = count == 0 ? 0 : 0.5 * tests + 0.5 * pacing

        integrity = max(0.2, integrityIssues.reduce(1) { $0 * $1.factor })
        let weights = parameters.sizeWeight + parameters.messagesWeight + parameters.processWeight
        let blended =
            weights <= 0
            ? 0
            : (parameters.sizeWeight * size + parameters.messagesWeight * messages + parameters.processWeight * process)
                / weights
        uncappedFraction = count == 0 ? 0 : min(1, max(0, blended * integrity))
        fraction = dump == nil ? uncappedFraction : min(uncappedFraction, max(0, parameters.dumpMaxScore))
    }

    /// `12 commits; median 34 lines, largest 180; 0% over 200`.
    public var sizeLine: String {
        let f = figures
        var line =
            "\(f.commits == 1 ? "1 commit" : "\(f.commits) commits"); median \(Self.number(f.medianLines)) lines, "
            + "largest \(f.maxLines)"
        if let largest = f.largestCommit, f.commits > 1 { line += " (\(largest))" }
        line += "; \(Self.percent(f.shareOverThreshold)) over \(parameters.maxCommitLines)"
        if f.overThreshold > 0, f.linesShareOverThreshold > f.shareOverThreshold {
            line += " (\(Self.percent(f.linesShareOverThreshold)) of changed lines)"
        }
        if f.commits < parameters.minCommits { line += "; fewer than \(parameters.minCommits) commits" }
        return line
    }

    /// `one commit holds 96.1% of the changed lines: a1b2c3d 'Implement the app', 851 of 886 lines (over 60% is
    /// a dump): size and pacing at most 0.04, score at most 40%`; nil without a dump.
    public var dumpLine: String? {
        guard let dump else { return nil }
        var title = dump.title
        if title.count > 60 { title = title.prefix(59) + "…" }
        let share = Figures.percent((dump.share * 1000).rounded() / 10)
        return "one commit holds \(share) of the changed lines: \(dump.commit) '\(title)', "
            + "\(dump.lines) of \(dump.totalLines) lines (over \(Self.percent(parameters.dumpShare)) is a dump): "
            + "size and pacing at most \(Self.fixed(1 - dump.share)), "
            + "score at most \(Self.percent(max(0, parameters.dumpMaxScore)))"
    }

    /// `3 messages flagged: T5/T8/one-word 'wip' (a1b2c3d), T3 'Add the cache.' (b2c3d4e), …`: one entry per
    /// commit with every rule it broke; or that none was flagged.
    public var messagesLine: String {
        guard !messageFlags.isEmpty else {
            return "messages: none flagged (gitlint T1, T3, T5, T8; empty, one-word, vague, duplicate titles)"
        }
        var order: [String] = []
        var byCommit: [String: [MessageFlag]] = [:]
        for flag in messageFlags {
            if byCommit[flag.commit] == nil { order.append(flag.commit) }
            byCommit[flag.commit, default: []].append(flag)
        }
        let shown = order.prefix(5).map { commit -> String in
            let flags = byCommit[commit] ?? []
            let rules = flags.map(\.rule.rawValue).joined(separator: "/")
            return "\(rules) \(flags.first?.title ?? "") (\(commit))"
        }
        let more = order.count > 5 ? ", and \(order.count - 5) more" : ""
        let noun = order.count == 1 ? "message" : "messages"
        return "\(order.count) \(noun) flagged: \(shown.joined(separator: ", "))\(more)"
    }

    /// `tests in 5 of 12 commits, first in commit 2; 2 days with commits; …`.
    public var processLine: String {
        let f = figures
        var parts: [String] = []
        if let first = f.firstTestCommit {
            parts.append("tests in \(f.testCommits) of \(f.commits) commits, first in commit \(first)")
        } else {
            parts.append("no commit touches tests")
        }
        if let dump, dump.touchesTests {
            parts.append(
                firstTestCommitOutsideDump.map { "outside the dump first in commit \($0)" }
                    ?? "tests only in the dump: counted as at the end")
        }
        parts.append(f.daysWithCommits == 1 ? "1 day with commits" : "\(f.daysWithCommits) days with commits")
        switch replay {
        case .none: break
        case .authoredAtOnce(let commits, let seconds):
            parts.append("all \(commits) commits authored within \(seconds) s: one dump replayed")
        case .committedAtOnce(let commits, let authored, let committed):
            parts.append(
                "all \(commits) commits committed within \(committed) s though authored over "
                    + "\(Self.duration(authored)): replayed or rebased at once")
        }
        return "process: " + parts.joined(separator: "; ")
    }

    /// The integrity issues, or that there were none.
    public var integrityLines: [String] {
        guard !integrityIssues.isEmpty else {
            return ["integrity: no backdated, future, out-of-order or duplicate timestamps"]
        }
        return integrityIssues.map { "integrity: \($0.description)" }
    }

    /// `sub-scores: size 1.00, messages 0.70, process 1.00, integrity ×1.00 → 91%`; a dump's cap adds
    /// `(51% capped: one dump)`.
    public var scoreLine: String {
        let capped = fraction < uncappedFraction ? " (\(Self.percent(uncappedFraction)) capped: one dump)" : ""
        return "sub-scores: size \(Self.fixed(size)), messages \(Self.fixed(messages)), "
            + "process \(Self.fixed(process)), integrity ×\(Self.fixed(integrity)) → \(Self.percent(fraction))\(capped)"
    }

    static func number(_ value: Double) -> String { Figures.plain(value) }
    static func percent(_ share: Double) -> String { Figures.percent((share * 100).rounded()) }
    static func fixed(_ value: Double) -> String { Figures.fixed(value, decimals: 2) }
    static func duration(_ seconds: Int) -> String {
        seconds >= 7200 ? "\(seconds / 3600) h" : seconds >= 120 ? "\(seconds / 60) min" : "\(seconds) s"
    }
}

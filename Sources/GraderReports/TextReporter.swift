import Foundation
import GraderCore

/// The terminal report: plain text with ✓/✗ and no colour codes.
///
/// One result gives the full report: header (exercise, submission, score, verdict against the pass mark),
/// criteria table, hidden tests per requirement, findings as `path:line:col: severity: message [rule-id]`
/// grouped by kind (the first few of each, unless `ReportOptions.allFindings`), history, own tests and
/// coverage, the manual-review checklist, follow-up questions and notes. Several give the summary table, then
/// each full report. Candidate-controlled text is stripped of control characters, so
/// a submission cannot send escape sequences to the interviewer's terminal.
public enum TextReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String { render(results, options: .standard) }

    public static func render(_ results: [GradeResult], options: ReportOptions) -> String {
        if results.count == 1 { return report(results[0], options: options) }
        var parts = [SummaryReporter.text(results)]
        for result in results {
            parts.append(String(repeating: "=", count: 72) + "\n\n" + report(result, options: options))
        }
        return parts.joined(separator: "\n")
    }

    /// The full report for one submission.
    public static func report(_ result: GradeResult, options: ReportOptions = .standard) -> String {
        var sections = [header(result)]
        if !result.reviewReasons.isEmpty {
            sections.append(
                ["Needs review: the hidden-test points are withheld until a human has looked"]
                    + result.reviewReasons.map { "  ! " + line($0) })
        }
        if !result.criteria.isEmpty { sections.append(criteria(result)) }
        if !result.tests.isEmpty { sections.append(tests(result)) }
        if !result.findings.isEmpty { sections.append(findings(result, options: options)) }
        if let history = result.history { sections.append(self.history(history)) }
        if let own = result.ownTests { sections.append(ownTests(own)) }
        if !result.manualReview.isEmpty { sections.append(manualReview(result.manualReview)) }
        if !result.followUpQuestions.isEmpty { sections.append(followUp(result.followUpQuestions)) }
        if !result.notes.isEmpty { sections.append(notes(result.notes)) }
        return sections.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    private static func header(_ result: GradeResult) -> [String] {
        var lines = ["\(line(result.exercise)): \(line(result.submission))"]
        let verdict: String
        switch result.status {
        case .error: verdict = "ERROR (could not grade)"
        case .pass, .fail: verdict = "\(result.verdict) (pass mark \(Figures.percent(result.passPercent)))"
        }
        lines.append(
            "Score: \(Figures.score(result.score, of: result.maxScore)) (\(Figures.percent(result.percent)))  "
                + verdict)
        if let message = result.message { lines.append(line(message)) }
        lines.append("grader \(line(result.graderVersion)), \(line(result.schema))")
        return lines
    }

    private static func criteria(_ result: GradeResult) -> [String] {
        let rows = result.criteria.map { criterion in
            [
                line(criterion.id), line(criterion.title), criterion.kind.rawValue,
                Figures.score(criterion.score, of: criterion.maxScore), criterion.status.rawValue,
            ]
        }
        let table = TextTable.render(header: ["ID", "Criterion", "Kind", "Score", "Status"], rows: rows)
        return ["Criteria"] + table.map { "  " + $0 }
    }

    private static func tests(_ result: GradeResult) -> [String] {
        var lines = ["Hidden tests (\(result.testsPassed)/\(result.tests.count) passed)"]
        for group in result.requirementGroups {
            if let broken = group.blocked {
                lines.append("  \(line(group.heading)): 0/\(group.tests.count) passed, \(line(broken.summary))")
                if let message = broken.message { lines += indented(message, by: "      ", first: "    ✗ ") }
                continue
            }
            lines.append("  \(line(group.heading)): \(group.passed)/\(group.tests.count) passed")
            for test in group.tests {
                let mark = test.status == .pass ? "✓" : "✗"
                let suffix = test.status == .error ? " (error)" : ""
                lines.append("    \(mark) \(line(test.name))\(suffix)")
                if test.status != .pass, let message = test.message {
                    lines += indented(message, by: "        ")
                }
            }
        }
        return lines
    }

    /// The findings by kind, each kind headed by its tally; past `findingsPerKind` a kind's rest is counted.
    private static func findings(_ result: GradeResult, options: ReportOptions) -> [String] {
        let groups = FindingGroup.groups(result.findings)
        let limit = options.allFindings ? Int.max : options.findingsPerKind
        let cut = groups.contains { $0.findings.count > limit }
        var lines = [
            "Findings (\(result.findings.count)"
                + (cut ? "; the first \(limit) of each kind, --all-findings lists them all)" : ")")
        ]
        for group in groups {
            lines.append("  \(line(group.title)): \(group.tally)")
            lines += group.findings.prefix(limit).map { "    " + line($0.formatted) }
            if group.findings.count > limit { lines.append("    … \(group.findings.count - limit) more") }
        }
        return lines
    }

    private static func history(_ history: HistorySummary) -> [String] {
        var lines = ["History"]
        let baseline = history.baseline.map { " after baseline \(line(String($0.prefix(12))))" } ?? ""
        lines.append("  commits: \(history.commits)\(baseline), on \(history.daysWithCommits) day(s)")
        lines.append(
            "  lines changed per commit: median \(Figures.plain(history.medianLines)), largest \(history.maxLines), "
                + "\(Figures.percent(history.shareOverThreshold * 100)) over the size threshold")
        lines += history.observations.map { "  - " + line($0) }
        lines += history.problems.map { "  not checked: " + line($0) }
        return lines
    }

    private static func ownTests(_ own: OwnTestsSummary) -> [String] {
        var lines = ["Own tests"]
        lines.append("  \(own.total) test(s): \(own.passed) passed, \(own.failed) failed")
        if let coverage = own.lineCoverage {
            lines.append("  line coverage: \(Figures.percent(coverage))")
            let rows = own.files.map { [line($0.path), Figures.percent($0.lineCoverage)] }
            lines += TextTable.render(header: nil, rows: rows, rightAligned: [1]).map { "    " + $0 }
        } else {
            lines.append("  line coverage: not measured")
        }
        return lines
    }

    private static func manualReview(_ items: [ManualItem]) -> [String] {
        var lines = ["Manual review"]
        for item in items {
            let score =
                item.score.map { "scored \(Figures.score($0, of: item.points))" }
                ?? "\(Figures.plain(item.points)) points, not scored"
            lines.append("  \(line(item.id)) \(line(item.title)) (\(score))")
            lines += item.checklist.map { "    [ ] " + line($0) }
            if !item.evidence.isEmpty {
                lines.append("    evidence:")
                lines += item.evidence.map { "      - " + line($0) }
            }
        }
        return lines
    }

    private static func followUp(_ questions: [String]) -> [String] {
        ["Follow-up questions"] + questions.enumerated().map { "  \($0.offset + 1). " + line($0.element) }
    }

    private static func notes(_ notes: [String]) -> [String] {
        ["Notes"] + notes.map { "  - " + line($0) }
    }

    private static func line(_ text: String) -> String { Escape.oneLine(text) }

    /// A multi-line message, each line indented; `first` replaces the indent of the first line.
    private static func indented(_ text: String, by indent: String, first: String? = nil) -> [String] {
        let lines = Escape.controls(text).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\t", with: "    ") }
        var trimmed = lines
        while let last = trimmed.last, last.trimmingCharacters(in: .whitespaces).isEmpty { trimmed.removeLast() }
        return trimmed.enumerated().map { index, text in
            (index == 0 ? first ?? indent : indent) + text
        }
    }
}

/// A plain-text table with columns padded to their widest cell.
enum TextTable {
    static func render(header: [String]?, rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let all = (header.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in all {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func format(_ row: [String]) -> String {
            let cells = row.enumerated().map { index, cell -> String in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if rightAligned.contains(index) { return padding + cell }
                return index == row.count - 1 ? cell : cell + padding
            }
            return cells.joined(separator: "  ")
        }
        var lines: [String] = []
        if let header {
            lines.append(format(header))
            lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        }
        lines += rows.map(format)
        return lines
    }
}

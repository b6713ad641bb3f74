import GraderCore

/// The report as GitHub-flavoured Markdown, for pasting into a hiring ticket: the text report's content with
/// tables, and the manual review as `- [ ]` checklists. Candidate text is escaped so it renders literally
/// (no links, images or raw HTML from a submission).
public enum MarkdownReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String {
        if results.count == 1 { return report(results[0]) }
        var parts = [SummaryReporter.markdown(results)]
        for (index, result) in results.enumerated() {
            parts.append("---\n\n<a id=\"\(anchor(index))\"></a>\n\n" + report(result))
        }
        return parts.joined(separator: "\n")
    }

    /// The anchor of the `index`-th report in a batch (the summary links to it).
    static func anchor(_ index: Int) -> String { "submission-\(index + 1)" }

    /// The full report for one submission.
    public static func report(_ result: GradeResult) -> String {
        var sections = [header(result)]
        if !result.reviewReasons.isEmpty {
            sections.append(
                ["### Needs review", "", "The hidden-test points are withheld until a human has looked:", ""]
                    + result.reviewReasons.map { "- " + md($0) })
        }
        if !result.criteria.isEmpty { sections.append(criteria(result)) }
        if !result.tests.isEmpty { sections.append(tests(result)) }
        if !result.findings.isEmpty { sections.append(findings(result)) }
        if let history = result.history { sections.append(self.history(history)) }
        if let own = result.ownTests { sections.append(ownTests(own)) }
        if !result.manualReview.isEmpty { sections.append(manualReview(result.manualReview)) }
        if !result.followUpQuestions.isEmpty { sections.append(followUp(result.followUpQuestions)) }
        if !result.notes.isEmpty { sections.append(notes(result.notes)) }
        return sections.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
    }

    private static func md(_ text: String) -> String { Escape.markdown(text) }

    private static func header(_ result: GradeResult) -> [String] {
        var lines = ["## \(md(result.exercise)): \(md(result.submission))", ""]
        let score = "\(Figures.score(result.score, of: result.maxScore)) (\(Figures.percent(result.percent)))"
        switch result.status {
        case .error:
            lines.append("**Score \(score): ERROR** (could not grade)")
        case .pass, .fail:
            lines.append("**Score \(score): \(result.verdict)** (pass mark \(Figures.percent(result.passPercent)))")
        }
        if let message = result.message { lines += ["", "> \(md(message))"] }
        lines += ["", "_grader \(md(result.graderVersion)), \(md(result.schema))_"]
        return lines
    }

    private static func criteria(_ result: GradeResult) -> [String] {
        var lines = [
            "### Criteria", "", "| ID | Criterion | Kind | Score | Status |", "| --- | --- | --- | ---: | --- |",
        ]
        for criterion in result.criteria {
            let cells = [
                md(criterion.id), md(criterion.title), criterion.kind.rawValue,
                Figures.score(criterion.score, of: criterion.maxScore), criterion.status.rawValue,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines
    }

    private static func tests(_ result: GradeResult) -> [String] {
        var lines = ["### Hidden tests (\(result.testsPassed)/\(result.tests.count) passed)"]
        for group in result.requirementGroups {
            lines.append("")
            if let broken = group.blocked {
                lines.append("**\(md(group.heading))**: 0/\(group.tests.count) passed")
                lines.append("")
                let symbols = broken.symbols.map { Escape.markdownCode($0) }.joined(separator: ", ")
                var item =
                    broken.symbols.isEmpty
                    ? "- ✗ no test ran (\(group.tests.count) tests)"
                    : "- ✗ hidden tests do not compile: expected \(symbols)"
                if let message = broken.message { item += ": " + Escape.markdownCode(message) }
                lines.append(item)
                continue
            }
            lines.append("**\(md(group.heading))**: \(group.passed)/\(group.tests.count) passed")
            lines.append("")
            for test in group.tests {
                var item = "- \(test.status == .pass ? "✓" : "✗") \(Escape.markdownCode(test.name))"
                if test.status == .error { item += " (error)" }
                if test.status != .pass, let message = test.message { item += ": " + Escape.markdownCode(message) }
                lines.append(item)
            }
        }
        return lines
    }

    private static func findings(_ result: GradeResult) -> [String] {
        var lines = [
            "### Findings (\(result.findings.count))", "", "| Location | Severity | Message | Rule |",
            "| --- | --- | --- | --- |",
        ]
        for finding in result.findings {
            let location =
                finding.location.isEmpty ? "(whole project)" : Escape.markdownCode(finding.location, inTable: true)
            let cells = [location, finding.severity.rawValue, md(finding.message), md(finding.rule)]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines
    }

    private static func history(_ history: HistorySummary) -> [String] {
        var lines = ["### History", "", "| Figure | Value |", "| --- | ---: |"]
        lines.append("| Commits after the baseline | \(history.commits) |")
        if let baseline = history.baseline {
            lines.append("| Baseline | \(Escape.markdownCode(String(baseline.prefix(12)), inTable: true)) |")
        }
        lines.append("| Days with commits | \(history.daysWithCommits) |")
        lines.append("| Median lines per commit | \(Figures.plain(history.medianLines)) |")
        lines.append("| Largest commit (lines) | \(history.maxLines) |")
        lines.append("| Commits over the size threshold | \(Figures.percent(history.shareOverThreshold * 100)) |")
        if !history.observations.isEmpty {
            lines.append("")
            lines += history.observations.map { "- " + md($0) }
        }
        if !history.problems.isEmpty {
            lines.append("")
            lines += history.problems.map { "- not checked: " + md($0) }
        }
        return lines
    }

    private static func ownTests(_ own: OwnTestsSummary) -> [String] {
        var lines = ["### Own tests", "", "\(own.total) test(s): \(own.passed) passed, \(own.failed) failed"]
        guard let coverage = own.lineCoverage else { return lines + ["", "Line coverage: not measured"] }
        lines += ["", "Line coverage: \(Figures.percent(coverage))"]
        if !own.files.isEmpty {
            lines += ["", "| File | Line coverage |", "| --- | ---: |"]
            for file in own.files {
                lines.append(
                    "| \(Escape.markdownCode(file.path, inTable: true)) | \(Figures.percent(file.lineCoverage)) |")
            }
        }
        return lines
    }

    private static func manualReview(_ items: [ManualItem]) -> [String] {
        var lines = ["### Manual review"]
        for item in items {
            let score =
                item.score.map { "scored \(Figures.score($0, of: item.points))" }
                ?? "\(Figures.plain(item.points)) points, not scored"
            lines += ["", "**\(md(item.id)) \(md(item.title))** (\(score))", ""]
            lines += item.checklist.map { "- [ ] " + md($0) }
            if !item.evidence.isEmpty {
                lines += ["", "Evidence:", ""]
                lines += item.evidence.map { "- " + md($0) }
            }
        }
        return lines
    }

    private static func followUp(_ questions: [String]) -> [String] {
        ["### Follow-up questions", ""] + questions.enumerated().map { "\($0.offset + 1). " + md($0.element) }
    }

    private static func notes(_ notes: [String]) -> [String] {
        ["### Notes", ""] + notes.map { "- " + md($0) }
    }
}

import GraderCore

/// A single self-contained HTML page: inline CSS, inline SVG charts, no scripts, no external resources.
///
/// Submissions are untrusted, so every string from a result is HTML-escaped, and the page's
/// Content-Security-Policy forbids scripts and remote loads as a second line of defence. One result gives its
/// full report; several give the summary table (linking to each report), then every report. A graded report
/// opens with four charts (`Chart`): score per criterion, commit timeline, lines per commit and coverage per
/// file; a chart with nothing to draw is a one-line note instead.
public enum HTMLReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String {
        let title: String
        var body: [String] = []
        if results.count == 1 {
            title = "Grade report: \(results[0].exercise), \(results[0].submission)"
            body.append(report(results[0], anchor: anchor(0), headingLevel: 1))
        } else {
            title = "Grade reports: " + SummaryReporter.tally(results)
            body.append(SummaryReporter.html(results))
            for (index, result) in results.enumerated() {
                body.append(report(result, anchor: anchor(index), headingLevel: 2))
            }
        }
        return page(title: title, body: body.joined(separator: "\n"))
    }

    /// The id of the `index`-th report on the page.
    static func anchor(_ index: Int) -> String { "submission-\(index + 1)" }

    private static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <title>\(h(title))</title>
        <style>
        \(css)
        </style>
        </head>
        <body>
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

    private static let css = """
        body { font: 15px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f; \
        margin: 0; background: #f5f5f7; }
        main { max-width: 960px; margin: 0 auto; padding: 24px; }
        section.report, section.summary { background: #fff; border-radius: 8px; padding: 8px 24px 16px; \
        margin-bottom: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        table { border-collapse: collapse; width: 100%; margin: 8px 0; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e5e5ea; vertical-align: top; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; }
        code, pre { font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; }
        pre { white-space: pre-wrap; word-break: break-word; background: #f5f5f7; padding: 6px 8px; \
        border-radius: 4px; margin: 4px 0; }
        .verdict { font-size: 1.2em; font-weight: 600; }
        .pass, .passed { color: #1b7f3b; }
        .fail, .failed, .error { color: #c41e3a; }
        .partial, .manual, .not_checked, .withheld, .warning { color: #a05a00; }
        ul.tests { list-style: none; padding-left: 8px; }
        ul.checklist { list-style: none; padding-left: 8px; }
        .muted { color: #6e6e73; }
        figure.chart { margin: 8px 0 20px; }
        figure.chart svg { display: block; width: 100%; height: auto; }
        figure.chart p { margin: 2px 0 0; font-size: 13px; }
        """

    private static func h(_ text: String) -> String { Escape.markup(text) }

    private static func report(_ result: GradeResult, anchor: String, headingLevel: Int) -> String {
        let top = "h\(headingLevel)"
        let sub = "h\(headingLevel + 1)"
        var lines = ["<section class=\"report\" id=\"\(anchor)\">"]
        lines.append("<\(top)>\(h(result.exercise)): \(h(result.submission))</\(top)>")
        let score = "\(Figures.score(result.score, of: result.maxScore)) (\(Figures.percent(result.percent)))"
        let mark =
            result.status == .error
            ? "could not grade" : "pass mark \(Figures.percent(result.passPercent))"
        lines.append(
            "<p class=\"verdict \(result.status.rawValue)\">Score \(score): \(result.verdict) "
                + "<span class=\"muted\">(\(mark))</span></p>")
        if let message = result.message { lines.append("<p>\(h(message))</p>") }
        lines.append("<p class=\"muted\">grader \(h(result.graderVersion)), \(h(result.schema))</p>")

        if !result.reviewReasons.isEmpty {
            lines.append("<\(sub)>Needs review</\(sub)>")
            lines.append("<p>The hidden-test points are withheld until a human has looked:</p>")
            lines.append(
                "<ul class=\"withheld\">" + result.reviewReasons.map { "<li>\(h($0))</li>" }.joined() + "</ul>")
        }

        if result.status != .error {
            lines.append("<\(sub)>At a glance</\(sub)>")
            lines += Chart.charts(for: result, idPrefix: anchor).map(figure)
        }

        if !result.criteria.isEmpty {
            lines.append("<\(sub)>Criteria</\(sub)>")
            lines.append("<table>")
            lines.append(
                "<thead><tr><th>ID</th><th>Criterion</th><th>Kind</th><th>Score</th><th>Status</th></tr></thead>")
            lines.append("<tbody>")
            for criterion in result.criteria {
                let status = criterion.status.rawValue
                lines.append(
                    "<tr><td>\(h(criterion.id))</td><td>\(h(criterion.title))</td><td>\(criterion.kind.rawValue)</td>"
                        + "<td class=\"num\">\(Figures.score(criterion.score, of: criterion.maxScore))</td>"
                        + "<td class=\"\(status)\">\(status)</td></tr>")
            }
            lines.append("</tbody>")
            lines.append("</table>")
        }

        if !result.tests.isEmpty {
            lines.append("<\(sub)>Hidden tests (\(result.testsPassed)/\(result.tests.count) passed)</\(sub)>")
            for group in result.requirementGroups {
                lines.append("<p><strong>\(h(group.heading))</strong>: \(group.passed)/\(group.tests.count) passed</p>")
                lines.append("<ul class=\"tests\">")
                if let broken = group.blocked {
                    let symbols = broken.symbols.map { "<code>\(h($0))</code>" }.joined(separator: ", ")
                    var item =
                        broken.symbols.isEmpty
                        ? "<li class=\"error\">✗ no test ran (\(group.tests.count) tests)"
                        : "<li class=\"error\">✗ hidden tests do not compile: expected \(symbols)"
                    if let message = broken.message { item += "<pre>\(h(message))</pre>" }
                    lines.append(item + "</li>")
                } else {
                    for test in group.tests {
                        let passed = test.status == .pass
                        var item =
                            "<li class=\"\(test.status.rawValue)\">\(passed ? "✓" : "✗") <code>\(h(test.name))</code>"
                        if test.status == .error { item += " (error)" }
                        if !passed, let message = test.message { item += "<pre>\(h(message))</pre>" }
                        lines.append(item + "</li>")
                    }
                }
                lines.append("</ul>")
            }
        }

        if !result.findings.isEmpty {
            lines.append("<\(sub)>Findings (\(result.findings.count))</\(sub)>")
            lines.append("<table>")
            lines.append("<thead><tr><th>Location</th><th>Severity</th><th>Message</th><th>Rule</th></tr></thead>")
            lines.append("<tbody>")
            for finding in result.findings {
                let severity = finding.severity.rawValue
                let location =
                    finding.location.isEmpty
                    ? "<span class=\"muted\">(whole project)</span>" : "<code>\(h(finding.location))</code>"
                lines.append(
                    "<tr><td>\(location)</td>"
                        + "<td class=\"\(severity)\">\(severity)</td><td>\(h(finding.message))</td>"
                        + "<td><code>\(h(finding.rule))</code></td></tr>")
            }
            lines.append("</tbody>")
            lines.append("</table>")
        }

        if let history = result.history {
            lines.append("<\(sub)>History</\(sub)>")
            lines.append("<table>")
            lines.append("<tbody>")
            var rows = [("Commits after the baseline", "\(history.commits)")]
            if let baseline = history.baseline { rows.append(("Baseline", String(baseline.prefix(12)))) }
            rows += [
                ("Days with commits", "\(history.daysWithCommits)"),
                ("Median lines per commit", Figures.plain(history.medianLines)),
                ("Largest commit (lines)", "\(history.maxLines)"),
                ("Commits over the size threshold", Figures.percent(history.shareOverThreshold * 100)),
            ]
            for (label, value) in rows {
                lines.append("<tr><th>\(label)</th><td class=\"num\">\(h(value))</td></tr>")
            }
            lines.append("</tbody>")
            lines.append("</table>")
            let items = history.observations.map { h($0) } + history.problems.map { "not checked: " + h($0) }
            if !items.isEmpty { lines.append("<ul>" + items.map { "<li>\($0)</li>" }.joined() + "</ul>") }
        }

        if let own = result.ownTests {
            lines.append("<\(sub)>Own tests</\(sub)>")
            lines.append("<p>\(own.total) test(s): \(own.passed) passed, \(own.failed) failed</p>")
            if let coverage = own.lineCoverage {
                lines.append("<p>Line coverage: \(Figures.percent(coverage))</p>")
                if !own.files.isEmpty {
                    lines.append("<table>")
                    lines.append("<thead><tr><th>File</th><th>Line coverage</th></tr></thead>")
                    lines.append("<tbody>")
                    for file in own.files {
                        lines.append(
                            "<tr><td><code>\(h(file.path))</code></td>"
                                + "<td class=\"num\">\(Figures.percent(file.lineCoverage))</td></tr>")
                    }
                    lines.append("</tbody>")
                    lines.append("</table>")
                }
            } else {
                lines.append("<p>Line coverage: not measured</p>")
            }
        }

        if !result.manualReview.isEmpty {
            lines.append("<\(sub)>Manual review</\(sub)>")
            for item in result.manualReview {
                let score =
                    item.score.map { "scored \(Figures.score($0, of: item.points))" }
                    ?? "\(Figures.plain(item.points)) points, not scored"
                lines.append("<p><strong>\(h(item.id)) \(h(item.title))</strong> (\(score))</p>")
                if !item.checklist.isEmpty {
                    lines.append(
                        "<ul class=\"checklist\">"
                            + item.checklist.map { "<li><label><input type=\"checkbox\"> \(h($0))</label></li>" }
                            .joined() + "</ul>")
                }
                if !item.evidence.isEmpty {
                    lines.append("<p class=\"muted\">Evidence:</p>")
                    lines.append("<ul>" + item.evidence.map { "<li>\(h($0))</li>" }.joined() + "</ul>")
                }
            }
        }

        if !result.followUpQuestions.isEmpty {
            lines.append("<\(sub)>Follow-up questions</\(sub)>")
            lines.append("<ol>" + result.followUpQuestions.map { "<li>\(h($0))</li>" }.joined() + "</ol>")
        }

        if !result.notes.isEmpty {
            lines.append("<\(sub)>Notes</\(sub)>")
            lines.append("<ul>" + result.notes.map { "<li>\(h($0))</li>" }.joined() + "</ul>")
        }

        lines.append("</section>")
        return lines.joined(separator: "\n")
    }

    /// A chart as a `<figure>`: its title, then the SVG and what its marks mean, or the note in one line.
    private static func figure(_ chart: Chart) -> String {
        switch chart.body {
        case .note(let note):
            return "<figure class=\"chart\"><figcaption><strong>\(h(chart.title))</strong>: "
                + "<span class=\"muted\">\(h(note))</span></figcaption></figure>"
        case .svg(let svg):
            var lines = [
                "<figure class=\"chart\">", "<figcaption><strong>\(h(chart.title))</strong></figcaption>", svg,
            ]
            if let caption = chart.caption { lines.append("<p class=\"muted\">\(h(caption))</p>") }
            lines.append("</figure>")
            return lines.joined(separator: "\n")
        }
    }
}

import GraderCore

/// The summary of several submissions, one row each: submission, exercise, score, percent, verdict, hidden
/// tests passed/total, findings and history commits; as plain text, Markdown or HTML. `render` gives the text
/// table; the text, Markdown and HTML reporters put the matching table before their full reports.
public enum SummaryReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String { text(results) }

    /// The column titles every summary (and the CSV export) uses, in order.
    static let columns = ["Submission", "Exercise", "Score", "Percent", "Result", "Tests", "Findings", "Commits"]

    /// One row per result, cells as shown (candidate text not yet escaped).
    static func rows(_ results: [GradeResult]) -> [[String]] {
        results.map { result in
            [
                result.submission, result.exercise, Figures.score(result.score, of: result.maxScore),
                Figures.percent(result.percent), result.verdict, "\(result.testsPassed)/\(result.tests.count)",
                "\(result.findings.count)", result.history.map { "\($0.commits)" } ?? "-",
            ]
        }
    }

    /// `3 submissions: 2 pass, 1 fail`.
    static func tally(_ results: [GradeResult]) -> String {
        let counts = [GradeStatus.pass, .fail, .error].compactMap { status -> String? in
            let count = results.filter { $0.status == status }.count
            return count > 0 ? "\(count) \(status.rawValue)" : nil
        }
        let noun = results.count == 1 ? "submission" : "submissions"
        return "\(results.count) \(noun)" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))
    }

    /// The plain-text table.
    public static func text(_ results: [GradeResult]) -> String {
        let rows = rows(results).map { $0.map(Escape.oneLine) }
        let table = TextTable.render(header: columns, rows: rows, rightAligned: [2, 3, 5, 6, 7])
        return (["Summary: " + tally(results)] + table).joined(separator: "\n") + "\n"
    }

    /// The Markdown table.
    public static func markdown(_ results: [GradeResult]) -> String {
        var lines = ["## Summary", "", Escape.markdown(tally(results)), ""]
        lines.append("| " + columns.joined(separator: " | ") + " |")
        lines.append("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |")
        for (index, row) in rows(results).enumerated() {
            var cells = row.map(Escape.markdown)
            cells[0] = "[\(cells[0])](#\(MarkdownReporter.anchor(index)))"
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The HTML table (a fragment for `HTMLReporter`'s page); submissions link to their reports.
    public static func html(_ results: [GradeResult]) -> String {
        var lines = ["<section class=\"summary\">", "<h1>Summary</h1>", "<p>\(Escape.markup(tally(results)))</p>"]
        lines.append("<table>")
        lines.append("<thead><tr>" + columns.map { "<th>\($0)</th>" }.joined() + "</tr></thead>")
        lines.append("<tbody>")
        for (index, (row, result)) in zip(rows(results), results).enumerated() {
            var cells = row.map(Escape.markup)
            cells[0] = "<a href=\"#\(HTMLReporter.anchor(index))\">\(cells[0])</a>"
            let tds = cells.enumerated().map { column, cell -> String in
                if column == 4 { return "<td class=\"\(result.status.rawValue)\">\(cell)</td>" }
                return [2, 3, 5, 6, 7].contains(column) ? "<td class=\"num\">\(cell)</td>" : "<td>\(cell)</td>"
            }
            lines.append("<tr>" + tds.joined() + "</tr>")
        }
        lines.append("</tbody>")
        lines.append("</table>")
        lines.append("</section>")
        return lines.joined(separator: "\n") + "\n"
    }
}

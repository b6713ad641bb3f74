import Foundation
import GraderCore

/// The summary as CSV (RFC 4180): a header row, one row per submission, CRLF line ends; a field with a comma,
/// quote or line break is quoted, with quotes doubled.
///
/// Numbers are bare (`61.5`, not `61.5/100`) so a spreadsheet can sort them. A text field that a spreadsheet
/// would run as a formula (starting with `=`, `+`, `-`, `@`) is prefixed with `'`: submission names are
/// untrusted.
public enum CSVReporter: Reporter {
    public static let header = [
        "submission", "exercise", "status", "passed", "score", "max_score", "percent", "tests_passed",
        "tests_total", "findings", "history_commits",
    ]

    public static func render(_ results: [GradeResult]) -> String {
        var lines = [header.map(field).joined(separator: ",")]
        for result in results {
            let row = [
                text(result.submission), text(result.exercise), result.status.rawValue,
                result.passed ? "true" : "false",
                Figures.plain(result.score), Figures.plain(result.maxScore), Figures.plain(result.percent),
                "\(result.testsPassed)", "\(result.tests.count)", "\(result.findings.count)",
                result.history.map { "\($0.commits)" } ?? "",
            ]
            lines.append(row.map(field).joined(separator: ","))
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// One RFC 4180 field: quoted when it holds a comma, a quote, CR or LF.
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return value
        }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Candidate-controlled text: control characters removed, formula triggers neutralised.
    private static func text(_ value: String) -> String {
        let cleaned = Escape.controls(value)
        guard let first = cleaned.first, "=+-@\t".contains(first) else { return cleaned }
        return "'" + cleaned
    }
}

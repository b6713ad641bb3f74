import GraderCore

/// The output formats `grader check --format` offers.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, markdown, html, junit, csv
}

/// A reporter: a pure function from results to text.
///
/// Given one result, a reporter renders that submission's full report; given several (or none), it renders
/// what suits the format for a batch: a summary table first, then each full report (text, markdown, html), an
/// array (json), one test suite per submission (junit), or the table alone (csv).
public protocol Reporter {
    static func render(_ results: [GradeResult]) -> String
}

/// The reporters by format.
public enum Reporters {
    /// The reporter for `format`.
    public static func reporter(for format: ReportFormat) -> Reporter.Type {
        switch format {
        case .text: return TextReporter.self
        case .json: return JSONReporter.self
        case .markdown: return MarkdownReporter.self
        case .html: return HTMLReporter.self
        case .junit: return JUnitReporter.self
        case .csv: return CSVReporter.self
        }
    }

    /// Renders `results` in `format`.
    public static func render(_ results: [GradeResult], as format: ReportFormat) -> String {
        reporter(for: format).render(results)
    }
}

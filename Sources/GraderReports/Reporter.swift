import GraderCore

/// The output formats `grader check --format` and `grader report --format` offer.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, markdown, html, junit, csv
    /// Gradescope's autograder results.json (`GradescopeReporter`).
    case gradescope
}

/// A reporter: a pure function from results to text.
///
/// Given one result, a reporter renders that submission's full report; given several (or none), it renders
/// what suits the format for a batch: a summary table first, then each full report (text, markdown, html), an
/// array (json, gradescope), one test suite per submission (junit), or the table alone (csv).
public protocol Reporter {
    static func render(_ results: [GradeResult]) -> String
    /// Renders `results` with `options`; a reporter that has no use for them renders as `render(_:)` does.
    static func render(_ results: [GradeResult], options: ReportOptions) -> String
}

extension Reporter {
    public static func render(_ results: [GradeResult], options: ReportOptions) -> String { render(results) }
}

/// How reports are rendered, beyond the results themselves (`grader check --all-findings`).
public struct ReportOptions: Sendable, Equatable {
    /// Whether the text report lists every finding; by default it lists the first `findingsPerKind` of each kind
    /// and counts the rest.
    public var allFindings: Bool
    /// How many findings of one kind the text report lists before it counts the rest.
    public var findingsPerKind: Int

    public init(allFindings: Bool = false, findingsPerKind: Int = 3) {
        self.allFindings = allFindings
        self.findingsPerKind = max(1, findingsPerKind)
    }

    /// The defaults: the first 3 findings of each kind.
    public static let standard = ReportOptions()
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
        case .gradescope: return GradescopeReporter.self
        }
    }

    /// Renders `results` in `format`.
    public static func render(
        _ results: [GradeResult], as format: ReportFormat, options: ReportOptions = .standard
    ) -> String {
        reporter(for: format).render(results, options: options)
    }
}

import Foundation
import GraderCore
import GraderRules

/// What the static rules found and scored.
public struct RulesOutcome: Sendable {
    public var findings: [Finding]
    /// One result per `rule` criterion, in the order given.
    public var results: [CriterionResult]
    public var notes: [String]

    public init(findings: [Finding], results: [CriterionResult], notes: [String]) {
        self.findings = findings
        self.results = results
        self.notes = notes
    }
}

/// What the history analyzer is asked.
public struct HistoryRequest: Sendable {
    public var repository: URL
    public var baseline: String?
    public var exerciseID: String
    /// The starter as handed out, to find the baseline when no manifest names it.
    public var starter: URL?
    /// The rubric's history criterion, if any (its parameters are the thresholds).
    public var criterion: Criterion?
}

/// What the history analyzer found and scored.
public struct HistoryOutcome: Sendable {
    public var summary: HistorySummary
    public var result: CriterionResult?

    public init(summary: HistorySummary, result: CriterionResult?) {
        self.summary = summary
        self.result = result
    }
}

/// The analyses `check` runs besides building and testing: passed in, so tests can stand them in.
public struct Analyzers: Sendable {
    public var rules: @Sendable (_ criteria: [Criterion], _ tree: SourceTree) -> RulesOutcome
    public var history: @Sendable (_ request: HistoryRequest) -> HistoryOutcome
    /// The integrity rule's findings: any one marks the grade "needs review". Runs on every check, with the
    /// rule's parameters (the standard type names the hidden tests use).
    public var integrity: @Sendable (_ tree: SourceTree, _ parameters: [String: JSONValue]) -> [Finding]

    public init(
        rules: @escaping @Sendable ([Criterion], SourceTree) -> RulesOutcome,
        history: @escaping @Sendable (HistoryRequest) -> HistoryOutcome,
        integrity: @escaping @Sendable (SourceTree, [String: JSONValue]) -> [Finding] = Analyzers.integrityFindings
    ) {
        self.rules = rules
        self.history = history
        self.integrity = integrity
    }

    /// The integrity rule over a tree, with its default parameters.
    public static let integrityFindings: @Sendable (SourceTree, [String: JSONValue]) -> [Finding] = {
        tree, parameters in
        IntegrityRule().check(RuleContext(tree: tree, runner: .unavailable), parameters: parameters).findings.sorted {
            ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message)
        }
    }
}

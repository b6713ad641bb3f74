import Foundation
import GraderCore
import GraderRules

/// What the Analyze stage hands on: rule results by criterion id, findings, history and integrity.
public struct Analysis: Sendable {
    /// The result of each `rule` criterion, by criterion id.
    public var rules: [String: CriterionResult]
    public var findings: [Finding]
    public var history: HistoryOutcome
    /// Integrity findings: any one marks the grade "needs review".
    public var integrity: [Finding]
    public var notes: [String]
}

/// Stage 2: what needs no build — static rules, git history, the integrity rule.
public struct AnalyzeStage: Sendable {
    public var kit: Kit
    public var analyzers: Analyzers

    public init(kit: Kit, analyzers: Analyzers) {
        self.kit = kit
        self.analyzers = analyzers
    }

    public func run(_ identified: IdentifiedSubmission) -> Analysis {
        let rubric = identified.rubric
        let submission = identified.submission
        let rules = analyzers.rules(rubric.criteria.filter { $0.kind == .rule }, submission.tree)
        let history = analyzers.history(
            HistoryRequest(
                repository: submission.root, baseline: identified.baseline, exerciseID: rubric.exercise,
                starter: kit.startingPoint(for: rubric), criterion: rubric.criteria.first { $0.kind == .history }))
        let integrity = analyzers.integrity(
            submission.tree, ["referenced_types": .array(referencedTypes(rubric).map(JSONValue.string))])
        return Analysis(
            rules: Dictionary(rules.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            findings: Self.merged(rules.findings, integrity), history: history, integrity: integrity,
            notes: rules.notes + history.summary.problems.map { "history: \($0)" })
    }

    /// The standard type names the hidden tests mention: a candidate type may take any other (a `Thread` of a
    /// forum, a search `Result`) without shadowing what the tests use.
    func referencedTypes(_ rubric: Rubric) -> [String] {
        let hidden = SourceTree(scanning: kit.hiddenTests(for: rubric))
        var names: Set<String> = []
        for path in hidden.swiftFiles {
            let source = SwiftSource(path: path, text: hidden.text(of: path) ?? "")
            names.formUnion(
                source.tokens.filter { $0.kind == .identifier && IntegrityRule.standardTypes.contains($0.text) }.map(
                    \.text))
        }
        return names.sorted()
    }

    /// Rule findings and integrity findings in one list, sorted as the rule engine sorts them.
    static func merged(_ findings: [Finding], _ integrity: [Finding]) -> [Finding] {
        (findings + integrity.filter { !findings.contains($0) }).sorted {
            ($0.path, $0.line, $0.column, $0.rule, $0.message) < ($1.path, $1.line, $1.column, $1.rule, $1.message)
        }
    }
}

import Foundation
import GraderCore

/// What the rules found over a submission and how the rubric's rule criteria scored.
public struct RuleEvaluation: Sendable {
    /// Every finding, sorted by path, line, column and rule; duplicates removed.
    public var findings: [Finding]
    /// One result per rule criterion, in the order given.
    public var results: [CriterionResult]
    /// What could not be checked, and why (a skipped file, a missing tool, an unknown rule).
    public var notes: [String]

    public init(findings: [Finding], results: [CriterionResult], notes: [String]) {
        self.findings = findings
        self.results = results
        self.notes = notes
    }
}

/// Runs the static rules over a submission: the entry point the grader's pipeline calls.
public struct RuleEngine: Sendable {
    /// Findings of one criterion listed in the evaluation (all are counted for the score).
    public static let defaultMaxListed = 200

    let runner: ProcessRunner

    public init(runner: ProcessRunner = .live) {
        self.runner = runner
    }

    /// Runs the rules named by the `rule` criteria (criterion.rule ?? criterion.id) over the context's files and
    /// scores each; `results` is in the order of the rule criteria given. Unknown rule ids give a notChecked
    /// result, no crash.
    public func evaluate(criteria: [Criterion], context: RuleContext) -> RuleEvaluation {
        var findings: [Finding] = []
        var results: [CriterionResult] = []
        var notes = context.notes
        for criterion in criteria where criterion.kind == .rule {
            let identifier = criterion.rule ?? criterion.id
            guard let rule = RuleRegistry.rule(identifier) else {
                results.append(.notChecked(criterion, reason: "unknown rule '\(identifier)'"))
                notes.append("criterion '\(criterion.id)': unknown rule '\(identifier)'")
                continue
            }
            let output = rule.check(context, parameters: criterion.options)
            results.append(rule.score(output, criterion: criterion))
            notes += output.notes
            let limit = Int(criterion.options.number("max_listed", default: Double(Self.defaultMaxListed)))
            findings += output.findings.prefix(max(0, limit))
            if output.findings.count > limit {
                notes.append(
                    "\(identifier): \(output.findings.count) findings, the first \(limit) listed")
            }
        }
        return RuleEvaluation(findings: Self.ordered(findings), results: results, notes: Self.unique(notes))
    }

    /// Runs the given rules (all registered ones when nil) with default parameters, for `--static-only` of any
    /// folder. `results` is empty: there is no rubric to score against.
    public func findings(context: RuleContext, ruleIDs: [String]? = nil) -> RuleEvaluation {
        var findings: [Finding] = []
        var notes = context.notes
        for identifier in ruleIDs ?? RuleRegistry.identifiers {
            guard let rule = RuleRegistry.rule(identifier) else {
                notes.append("unknown rule '\(identifier)'")
                continue
            }
            let output = rule.check(context, parameters: [:])
            notes += output.notes
            findings += output.findings.prefix(Self.defaultMaxListed)
            if output.findings.count > Self.defaultMaxListed {
                notes.append(
                    "\(identifier): \(output.findings.count) findings, the first \(Self.defaultMaxListed) listed")
            }
        }
        return RuleEvaluation(findings: Self.ordered(findings), results: [], notes: Self.unique(notes))
    }

    /// Sorted by path, line, column, rule and message, without duplicates (one rule run for two criteria).
    static func ordered(_ findings: [Finding]) -> [Finding] {
        Array(Set(findings)).sorted {
            ($0.path, $0.line, $0.column, $0.rule, $0.message) < ($1.path, $1.line, $1.column, $1.rule, $1.message)
        }
    }

    static func unique(_ notes: [String]) -> [String] {
        var seen: Set<String> = []
        return notes.filter { seen.insert($0).inserted }
    }
}

import Foundation
import GraderCore
import GraderHistory
import GraderRules

/// Checks a rubric's criteria when it is loaded, so a typo (`target_covrage`) is an error naming the key
/// instead of a silent default: every parameter must be one its criterion's kind (or rule) takes, with the
/// right shape, and every `rule` criterion must name a registered rule.
enum RubricValidation {
    /// Parameters every `rule` criterion takes (RuleScoring, RuleEngine).
    static let ruleKeys: [String: JSONValue.Kind] = ["allowed": .number, "penalty": .number, "max_listed": .number]
    /// Parameters of `coverage` criteria (Scorer.coverageResult).
    static let coverageKeys: [String: JSONValue.Kind] = ["min_tests": .number, "target_coverage": .number]
    /// Rule parameters whose shape is a number; the others rules declare take lists of strings.
    static let numericRuleKeys: Set<String> = ["max_per_100_lines"]

    /// Throws `GraderError.invalidRubric` naming the first problem.
    static func validate(_ rubric: Rubric, name: String) throws {
        let ids = Set(rubric.requirements.map(\.id))
        for requirement in rubric.requirements {
            for prerequisite in requirement.dependsOn ?? []
            where !ids.contains(prerequisite) || prerequisite == requirement.id {
                throw GraderError.invalidRubric(
                    name,
                    reason:
                        "requirement '\(requirement.id)': depends_on names '\(prerequisite)', which is not another requirement"
                )
            }
        }
        for criterion in rubric.criteria {
            let known: [String: JSONValue.Kind]
            switch criterion.kind {
            case .rule:
                let identifier = criterion.rule ?? criterion.id
                guard let rule = RuleRegistry.rule(identifier) else {
                    throw GraderError.invalidRubric(
                        name,
                        reason:
                            "criterion '\(criterion.id)': unknown rule '\(identifier)' (known: \(RuleRegistry.identifiers.joined(separator: ", ")))"
                    )
                }
                known = ruleKeys.merging(
                    rule.description.parameters.keys.map { ($0, numericRuleKeys.contains($0) ? .number : .array) }
                ) { first, _ in first }
            case .history: known = HistoryParameters.keys
            case .coverage: known = coverageKeys
            case .tests, .manual: known = [:]
            }
            for (key, value) in (criterion.parameters ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let kind = known[key] else {
                    let list = known.isEmpty ? "it takes none" : "known: " + known.keys.sorted().joined(separator: ", ")
                    throw GraderError.invalidRubric(
                        name, reason: "criterion '\(criterion.id)': unknown parameter '\(key)' (\(list))")
                }
                guard value.kind == kind else {
                    throw GraderError.invalidRubric(
                        name,
                        reason:
                            "criterion '\(criterion.id)': parameter '\(key)' must be a \(kind.rawValue), not a \(value.kind.rawValue)"
                    )
                }
            }
        }
    }
}

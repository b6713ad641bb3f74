import Foundation
import GraderCore

/// How a rule criterion's findings become points.
public enum RuleScoring {
    /// Findings quoted in a criterion's evidence.
    public static let evidenceFindings = 5

    /// `points − penalty × max(0, count − allowed)`, at least 0: `allowed` findings are free (default 0), each
    /// further one costs `penalty` points (default 1).
    public static func penalty(_ output: RuleOutput, criterion: Criterion) -> CriterionResult {
        if let reason = output.unavailable { return .notChecked(criterion, reason: reason) }
        let allowed = max(0, criterion.options.number("allowed", default: 0))
        let penalty = max(0, criterion.options.number("penalty", default: 1))
        let count = output.findings.count
        let charged = max(0, Double(count) - allowed)
        let score = max(0, criterion.points - penalty * charged)
        var summary = count == 0 ? "no findings" : "\(count) finding\(count == 1 ? "" : "s")"
        if allowed > 0 { summary += " (\(Figures.plain(allowed)) allowed)" }
        if charged > 0 { summary += ": −\(Figures.plain(min(criterion.points, penalty * charged))) points" }
        var evidence = [summary]
        evidence += output.findings.prefix(evidenceFindings).map(\.formatted)
        if count > evidenceFindings { evidence.append("… and \(count - evidenceFindings) more") }
        return CriterionResult(criterion: criterion, score: score, evidence: evidence)
    }

}

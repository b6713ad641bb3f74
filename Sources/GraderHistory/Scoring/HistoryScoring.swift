import Foundation
import GraderCore

/// Scores the `history` criterion from an analyzed history (docs/history.md, "Score").
public enum HistoryScoring {
    /// The criterion's result: points × the assessment's fraction, with the figures as evidence. A history
    /// that could not be read is `not_checked`; one with no commits after the baseline scores 0.
    public static func evaluate(_ criterion: Criterion, report: HistoryReport) -> CriterionResult {
        guard report.historyRead else {
            let reason = report.problems.first ?? "no git history"
            return .notChecked(criterion, reason: "not checked: \(reason)")
        }
        let assessment = HistoryAssessment(report: report, parameters: HistoryParameters(criterion.options))
        guard !report.commits.isEmpty else {
            return CriterionResult(
                criterion: criterion, score: 0,
                evidence: ["no commits after the baseline \(shortBaseline(report))"] + problems(report))
        }
        var evidence = [assessment.sizeLine]
        if let dump = assessment.dumpLine { evidence.append(dump) }
        evidence += [assessment.messagesLine, assessment.processLine]
        evidence += assessment.integrityLines
        evidence.append(baselineLine(report))
        evidence.append(assessment.scoreLine)
        evidence += problems(report)
        return CriterionResult(criterion: criterion, score: criterion.points * assessment.fraction, evidence: evidence)
    }

    static func baselineLine(_ report: HistoryReport) -> String {
        let hash = shortBaseline(report)
        switch report.baselineSource {
        case .manifest?: return "baseline \(hash) (from the workspace manifest)"
        case .trailer?: return "baseline \(hash) (the commit with the Grader-Exercise trailer)"
        case .starter?: return "baseline \(hash) (the commit matching the starter's files)"
        case .uncertain? where report.baseline == nil:
            return "baseline uncertain: every commit counted, the root included"
        case .uncertain?:
            return "baseline \(hash) (uncertain: the commit before the first one matching the starter's files)"
        case .root?, nil: return "baseline \(hash) (the root commit: no recorded baseline found)"
        }
    }

    private static func shortBaseline(_ report: HistoryReport) -> String {
        report.baseline.map { String($0.prefix(7)) } ?? "(none)"
    }

    private static func problems(_ report: HistoryReport) -> [String] {
        report.problems.map { "could not check: \($0)" }
    }
}

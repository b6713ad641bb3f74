import Foundation
import GraderCore

extension Analyzers {
    /// Placeholder until GraderRules and GraderHistory land: no findings, an empty history.
    public static func live(runner: ProcessRunner) -> Analyzers {
        Analyzers(
            rules: { criteria, _ in
                RulesOutcome(findings: [], results: criteria.map { .notChecked($0, reason: "rules not available") }, notes: [])
            },
            history: { request in
                HistoryOutcome(
                    summary: HistorySummary(
                        commits: 0, baseline: nil, medianLines: 0, maxLines: 0, shareOverThreshold: 0, daysWithCommits: 0,
                        observations: [], problems: ["history analyzer not available"]),
                    result: request.criterion.map { .notChecked($0, reason: "history analyzer not available") })
            })
    }
}

import Foundation
import GraderCore
import GraderHistory
import GraderRules

extension Analyzers {
    /// The real rules engine and history analyzer.
    public static func live(runner: ProcessRunner) -> Analyzers {
        Analyzers(
            rules: { criteria, tree in
                let evaluation = RuleEngine(runner: runner).evaluate(
                    criteria: criteria, context: RuleContext(tree: tree, runner: runner))
                return RulesOutcome(findings: evaluation.findings, results: evaluation.results, notes: evaluation.notes)
            },
            history: { request in
                let report = HistoryAnalyzer(runner: runner).analyze(
                    repository: request.repository, baseline: request.baseline, exerciseID: request.exerciseID,
                    starter: request.starter, parameters: request.criterion?.options ?? [:])
                return HistoryOutcome(
                    summary: report.summary,
                    result: request.criterion.map { HistoryScoring.evaluate($0, report: report) })
            })
    }
}

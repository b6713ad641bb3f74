import Foundation
import GraderCore

/// Stage 5: score every criterion against the rubric and put the result together. Deterministic.
///
/// Integrity findings and tampered tests mark the grade "needs review": the hidden-test criteria are
/// withheld (0 points, evidence kept) and the submission does not pass.
public struct ScoreStage: Sendable {
    public var manualScores: [String: Double]

    public init(manualScores: [String: Double]) {
        self.manualScores = manualScores
    }

    /// `testRun` is nil when nothing was built (`--static-only`); `isolation` names the sandbox that ran code.
    public func run(
        _ identified: IdentifiedSubmission, analysis: Analysis, testRun: TestRunOutcome?, isolation: String?,
        notes: [String]
    ) -> GradeResult {
        let rubric = identified.rubric
        let scorer = Scorer(rubric: rubric)
        let tests = testRun?.tests ?? []
        let staticOnly = "not checked: --static-only (no build, no tests)"
        var needsReview = analysis.integrity.map { "\($0.path):\($0.line): \($0.message)" }
        needsReview += tests.filter { $0.tampered == true }.map { "\($0.name): \($0.message ?? "tampered")" }
        var ownTests: OwnTestsSummary?
        var ownNotChecked: String? = staticOnly
        switch testRun?.ownTests {
        case .success(let summary)?:
            ownTests = summary
            ownNotChecked = nil
        case .failure(let problem)?:
            ownNotChecked = problem.description
        case nil:
            break
        }
        let evidence = ManualEvidence.lines(for: identified.submission.tree)
        var manualReview: [ManualItem] = []
        let criteria = rubric.criteria.map { criterion -> CriterionResult in
            switch criterion.kind {
            case .tests:
                let result = scorer.testsResult(criterion, tests: tests, notChecked: testRun == nil ? staticOnly : nil)
                return needsReview.isEmpty ? result : Scorer.withheld(result)
            case .rule:
                return analysis.rules[criterion.id] ?? .notChecked(criterion, reason: "rule not run")
            case .history:
                return analysis.history.result ?? .notChecked(criterion, reason: "history not analysed")
            case .coverage:
                return scorer.coverageResult(criterion, summary: ownTests, notChecked: ownNotChecked)
            case .manual:
                let score = manualScores[criterion.id]
                manualReview.append(
                    ManualItem(
                        id: criterion.id, title: criterion.title, points: criterion.points,
                        checklist: criterion.checklist ?? [], evidence: evidence, score: score))
                return scorer.manualResult(criterion, score: score, evidence: [])
            }
        }
        let result = GradeResult(
            graderVersion: GraderVersion.current, status: .fail, message: nil, exercise: rubric.exercise,
            submission: identified.submission.original, passed: false, score: 0, maxScore: 0,
            passPercent: rubric.passPercent, criteria: criteria, tests: tests, findings: analysis.findings,
            history: analysis.history.summary, ownTests: ownTests, manualReview: manualReview,
            followUpQuestions: rubric.followUpQuestions ?? [], notes: [], needsReview: needsReview,
            isolation: isolation, rubric: rubric)
        return scorer.concluded(result, notes: notes)
    }
}

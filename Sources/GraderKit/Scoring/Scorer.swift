import Foundation
import GraderCore

/// The totals and the one-line verdict of a grade.
public struct Verdict: Sendable, Equatable {
    public var score: Double
    public var maxScore: Double
    /// At or above the pass mark, and nothing needs review.
    public var passed: Bool
    /// Set while manual criteria are unscored: what the provisional verdict is judged on.
    public var note: String?
    /// `passed: 86/105 points (81.9%; pass mark 60%)`.
    public var message: String
}

/// Turns the evidence into criterion results, a total and a verdict, in rubric order. Deterministic.
public struct Scorer: Sendable {
    public let rubric: Rubric

    public init(rubric: Rubric) {
        self.rubric = rubric
    }

    /// The result of a `tests` criterion from the hidden tests of its requirement.
    public func testsResult(_ criterion: Criterion, tests: [TestResult], notChecked: String?) -> CriterionResult {
        let requirement = criterion.requirement ?? criterion.id
        let own = tests.filter { $0.requirement == requirement }
        if let notChecked { return .notChecked(criterion, reason: notChecked) }
        guard !own.isEmpty else { return .notChecked(criterion, reason: "no hidden tests for \(requirement)") }
        let passed = own.filter { $0.status == .pass }
        var evidence = ["\(passed.count)/\(own.count) hidden tests passed"]
        for test in own where test.status != .pass {
            evidence.append("\(test.status == .fail ? "✗" : "!") \(test.name): \(test.message ?? test.status.rawValue)")
        }
        let score = passed.count == own.count ? criterion.points : passed.reduce(0) { $0 + $1.score }
        return CriterionResult(criterion: criterion, score: score, evidence: evidence)
    }

    /// `result` with its points held back for review, keeping what the tests said as evidence.
    public static func withheld(_ result: CriterionResult) -> CriterionResult {
        var withheld = result
        withheld.score = 0
        withheld.status = .withheld
        withheld.evidence = ["withheld until a human reviews the submission (see needs review)"] + result.evidence
        return withheld
    }

    /// The result of a `coverage` criterion: tests of one's own and line coverage.
    ///
    /// Score = points × (40% × min(1, passing tests / `min_tests`) + 60% × min(1, coverage / `target_coverage`)).
    public func coverageResult(_ criterion: Criterion, summary: OwnTestsSummary?, notChecked: String?)
        -> CriterionResult
    {
        if let notChecked { return .notChecked(criterion, reason: notChecked) }
        guard let summary else { return .notChecked(criterion, reason: "the candidate's tests were not run") }
        let minTests = max(1, criterion.options.number("min_tests", default: 5))
        let target = max(1, criterion.options.number("target_coverage", default: 60))
        let testShare = min(1, Double(summary.passed) / minTests)
        let coverageShare = min(1, (summary.lineCoverage ?? 0) / target)
        var evidence = [
            summary.total == 0
                ? "no tests of the candidate's own"
                : "\(summary.total) tests of the candidate's own: \(summary.passed) passed, \(summary.failed) failed (\(Int(minTests)) expected)"
        ]
        if let coverage = summary.lineCoverage {
            evidence.append(
                "line coverage \(Figures.plain(coverage))% of the sources (target \(Figures.plain(target))%)")
            let least = summary.files.sorted { $0.lineCoverage < $1.lineCoverage }.prefix(3)
            if !least.isEmpty {
                evidence.append(
                    "least covered: "
                        + least.map { "\($0.path) \(Figures.plain($0.lineCoverage))%" }.joined(separator: ", "))
            }
        } else if summary.total > 0 {
            evidence.append("line coverage could not be measured")
        }
        return CriterionResult(
            criterion: criterion, score: criterion.points * (0.4 * testShare + 0.6 * coverageShare), evidence: evidence)
    }

    /// The result of a `manual` criterion: the interviewer's score when given, else pending.
    public func manualResult(_ criterion: Criterion, score: Double?, evidence: [String]) -> CriterionResult {
        guard let score else {
            return CriterionResult(
                id: criterion.id, title: criterion.title, kind: .manual, score: 0, maxScore: criterion.points,
                status: .manual, evidence: ["for the interviewer: score with --manual"] + evidence)
        }
        return CriterionResult(criterion: criterion, score: score, evidence: ["scored by the interviewer"] + evidence)
    }

    /// Totals and verdict. While manual criteria are unscored, the verdict is judged on the other criteria
    /// (their share of points against the pass mark) and a note says what is pending.
    public func verdict(_ results: [CriterionResult], needsReview: [String] = []) -> Verdict {
        let score = (results.reduce(0) { $0 + $1.score } * 100).rounded() / 100
        let maxScore = results.reduce(0) { $0 + $1.maxScore }
        let pending = results.filter { $0.status == .manual }
        let judged = maxScore - pending.reduce(0) { $0 + $1.maxScore }
        let reached = judged > 0 && score / judged * 100 >= rubric.passPercent - 1e-9
        let passed = reached && needsReview.isEmpty
        let note =
            pending.isEmpty
            ? nil
            : "provisional verdict on \(Figures.plain(judged)) automatic points; \(Figures.plain(maxScore - judged)) points await the interviewer (--manual)"
        let percent = maxScore > 0 ? (score / maxScore * 1000).rounded() / 10 : 0
        let standing = !needsReview.isEmpty ? "needs review" : (passed ? "passed" : "below the pass mark")
        var message =
            "\(standing): \(Figures.score(score, of: maxScore)) points (\(Figures.percent(percent)); pass mark \(Figures.percent(rubric.passPercent)))"
        if !needsReview.isEmpty {
            message +=
                "; hidden-test points withheld: "
                + (needsReview.count == 1 ? needsReview[0] : "\(needsReview.count) reasons")
        }
        return Verdict(score: score, maxScore: maxScore, passed: passed, note: note, message: message)
    }

    /// `result` with its totals, verdict and status worked out from its criteria and review reasons, and `notes`
    /// followed by the provisional note while manual criteria are unscored: the last step of every scoring, when
    /// `check` grades and when `report` applies manual scores to a saved result.
    public func concluded(_ result: GradeResult, notes: [String]) -> GradeResult {
        let verdict = verdict(result.criteria, needsReview: result.reviewReasons)
        var concluded = result
        concluded.score = verdict.score
        concluded.maxScore = verdict.maxScore
        concluded.passPercent = rubric.passPercent
        concluded.passed = verdict.passed
        concluded.status = verdict.passed ? .pass : .fail
        concluded.message = verdict.message
        concluded.notes = notes + (verdict.note.map { [$0] } ?? [])
        return concluded
    }

    /// `result` with its totals, verdict and verdict note recomputed from its criteria by this rubric: what a
    /// saved result is worth whatever totals it claims.
    public func rescored(_ result: GradeResult) -> GradeResult {
        guard result.status != .error else { return result }
        var notes = result.notes
        if let note = verdict(result.criteria, needsReview: result.reviewReasons).note, notes.last == note {
            notes.removeLast()
        }
        return concluded(result, notes: notes)
    }

    /// `result`, scored by this rubric, with the interviewer's `scores` for its manual criteria applied exactly as
    /// `grader check --manual` applies them. Manual scores the result already holds stay unless `scores` gives
    /// them again; ids of other rubrics' criteria are ignored, as `check` ignores them. A result that could not
    /// be graded, or that none of `scores` applies to, is returned as it is.
    public func applyingManualScores(_ scores: [String: Double], to result: GradeResult) -> GradeResult {
        let manual = rubric.criteria.filter { $0.kind == .manual && scores[$0.id] != nil }
        guard result.status != .error, !manual.isEmpty else { return result }
        var notes = result.notes
        if let note = verdict(result.criteria, needsReview: result.reviewReasons).note, notes.last == note {
            notes.removeLast()
        }
        var rescored = result
        for criterion in manual {
            guard let score = scores[criterion.id] else { continue }
            let scored = manualResult(criterion, score: score, evidence: [])
            rescored.criteria = rescored.criteria.map { $0.id == criterion.id ? scored : $0 }
            rescored.manualReview = rescored.manualReview.map { item in
                var item = item
                if item.id == criterion.id { item.score = score }
                return item
            }
        }
        return concluded(rescored, notes: notes)
    }
}

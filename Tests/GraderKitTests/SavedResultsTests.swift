import Foundation
import GraderCore
import GraderReports
import XCTest

@testable import GraderKit

/// Saved results read back: manual scores given a day later score exactly as `check --manual` would have, and a
/// result is used only under the rubric that graded it.
final class SavedResultsTests: XCTestCase {
    private var kit: FixtureKit!
    private var cleanup: [URL] = []

    override func setUpWithError() throws { kit = try FixtureKit() }

    override func tearDown() {
        kit.remove()
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
    }

    /// The fixture kit's counter graded by the Score stage: CT1's three tests pass, CT2's fail, no own tests.
    /// 6 of 11 automatic points is below 60%; 3 manual points for design bring it to 9 of 15, the pass mark.
    private func graded(manualScores: [String: Double]) throws -> GradeResult {
        let fixture = try FixtureSubmission(
            "saved",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ], git: false)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("grader-saved-\(UUID().uuidString)")
        cleanup += [fixture.root, work]
        let identified = try IdentifyStage(kit: kit.kit, loader: SubmissionLoader(), exercise: nil).run(
            fixture.root.path, work: work)
        let analysis = Analysis(
            rules: [:], findings: [],
            history: Analyzers.none.history(
                HistoryRequest(
                    repository: identified.submission.root, baseline: nil, exerciseID: "counter", starter: nil,
                    criterion: nil)),
            integrity: [], notes: [])
        let tests = ["startsAtZero", "incrementAddsOne", "incrementsAccumulate", "zeroLabel", "singular", "plural"]
            .enumerated().map { index, name in
                TestResult(
                    name: "Tests/test_\(index < 3 ? "CT1" : "CT2")_\(name)", requirement: index < 3 ? "CT1" : "CT2",
                    status: index < 3 ? .pass : .fail, message: index < 3 ? nil : "XCTAssertEqual failed",
                    score: index < 3 ? 2 : 0, maxScore: index < 3 ? 2 : 1, duration: 0.01)
            }
        let run = TestRunOutcome(tests: tests, ownTests: .failure(.init(description: "not checked: none")), notes: [])
        var result = ScoreStage(manualScores: manualScores).run(
            identified, analysis: analysis, testRun: run, isolation: "bubblewrap", notes: ["a note of the check"])
        result.submission = "alice"
        return result
    }

    private func saved(_ results: [GradeResult], name: String = "alice.json") throws -> String {
        let file = kit.root.appendingPathComponent(name)
        try Reporters.render(results, as: .json).write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func rubric() throws -> Rubric { try kit.kit.rubric("counter") }

    func testManualScoresGivenLaterScoreAsCheckManualDoes() throws {
        let unscored = try graded(manualScores: [:])
        XCTAssertFalse(unscored.passed, "provisional: 6 of 11 automatic points")
        XCTAssertTrue(unscored.notes.last?.hasPrefix("provisional verdict") ?? false, "\(unscored.notes)")

        let scorer = Scorer(rubric: try rubric())
        for points in [3.0, 0, 4] {
            let atCheck = try graded(manualScores: ["design": points])
            XCTAssertEqual(scorer.applyingManualScores(["design": points], to: unscored), atCheck, "design \(points)")
        }
        XCTAssertTrue(try graded(manualScores: ["design": 3]).passed, "9 of 15 reaches the pass mark")
        XCTAssertEqual(scorer.applyingManualScores([:], to: unscored), unscored, "no scores: nothing changes")
        XCTAssertEqual(scorer.applyingManualScores(["naming": 2], to: unscored), unscored, "another rubric's id")

        let scored = try graded(manualScores: ["design": 3])
        XCTAssertEqual(scorer.applyingManualScores([:], to: scored), scored, "a score given earlier stays")
        XCTAssertEqual(scorer.applyingManualScores(["design": 1], to: scored), try graded(manualScores: ["design": 1]))
    }

    func testAResultReadBackEqualsTheOneSaved() throws {
        let result = try graded(manualScores: [:])
        var bob = result
        bob.submission = "bob"
        let path = try saved([result, bob])
        XCTAssertEqual(try SavedResults(kit: kit.kit).load([path]), [result, bob])
        XCTAssertEqual(
            try SavedResults(kit: kit.kit).load([try saved([result], name: "one.json"), path]), [result, result, bob])
        XCTAssertEqual(
            try SavedResults(kit: kit.kit).load([path], manualScores: ["design": 3]).map(\.passed), [true, true])
    }

    func testAResultFromAnotherRubricIsRefusedInOneLine() throws {
        let result = try graded(manualScores: [:])
        let digest = try rubric().digest
        let cases: [(String, (inout GradeResult) -> Void, String)] = [
            (
                "version", { $0.rubricVersion = "0.9.0" },
                "alice was graded under counter rubric 0.9.0, this kit has 1.0.0; use the kit it was graded with, "
                    + "or regrade it with 'grader check'"
            ),
            (
                "digest", { $0.rubricDigest = "0000000000000000" },
                "alice was graded under another counter rubric 1.0.0 (digest 0000000000000000, this kit's is "
                    + "\(digest)): the rubric changed without a new version; regrade it with 'grader check'"
            ),
            (
                "no version", { $0.rubricVersion = nil },
                "alice names no rubric version (saved by an older grader); regrade it with 'grader check'"
            ),
            (
                "exercise", { $0.exercise = "../movie-client" },
                "alice was graded as ../movie-client, which this kit does not have"
            ),
            ("task", { $0.task = "reset" }, "alice was graded as counter/reset, which this kit does not have"),
            (
                "schema", { $0.schema = "grader-result/2" },
                "alice is grader-result/2; this grader reads grader-result/1"
            ),
        ]
        for (name, change, message) in cases {
            var changed = result
            change(&changed)
            let path = try saved([changed], name: "\(name).json")
            XCTAssertThrowsError(try SavedResults(kit: kit.kit).load([path]), name) { error in
                XCTAssertEqual(error as? GraderError, .unusableResult("\(path): \(message)"), name)
                XCTAssertEqual((error as? GraderError)?.exitCode, 3, name)
            }
        }
    }

    func testAPairTaskResultIsCheckedAgainstTheTasksRubric() throws {
        try kit.write(
            #"{"exercise": "counter", "title": "Counter: reset", "version": "2.0.0", "time_box": "30 minutes", "pass_percent": 50, "modules": [], "requirements": [], "criteria": [{"id": "design", "title": "Design", "kind": "manual", "points": 4}]}"#,
            to: "Rubrics/counter/pair/reset/rubric.json")
        let pair = try kit.kit.rubric("counter", task: "reset")
        var result = try graded(manualScores: [:])
        result.task = "reset"
        let path = try saved([result])
        XCTAssertThrowsError(try SavedResults(kit: kit.kit).load([path])) { error in
            XCTAssertTrue("\(error)".contains("under counter/reset rubric 1.0.0, this kit has 2.0.0"), "\(error)")
        }
        result.rubricVersion = pair.version
        result.rubricDigest = pair.digest
        // Graded under the task's rubric, so its criteria are the task's, not the exercise's.
        XCTAssertThrowsError(try SavedResults(kit: kit.kit).load([try saved([result], name: "mixed.json")])) {
            XCTAssertTrue("\($0)".contains("criterion 'CT1' is not in the rubric"), "\($0)")
        }
        result.criteria = [
            CriterionResult(
                id: "design", title: "Design", kind: .manual, score: 0, maxScore: 4, status: .manual, evidence: [])
        ]
        let loaded = try SavedResults(kit: kit.kit).load([try saved([result], name: "pair.json")])
        XCTAssertEqual(loaded.map(\.task), ["reset"])
        XCTAssertEqual(loaded.map(\.maxScore), [4], "totals recomputed from the task's criteria")
    }

    func testWhatIsNotAResultIsRefusedAndAnErrorResultPassesThrough() throws {
        let text = kit.root.appendingPathComponent("notes.json")
        try #"{"hello": "world"}"#.write(to: text, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try SavedResults.read(text.path)) { error in
            XCTAssertEqual(
                error as? GraderError,
                .unusableResult("\(text.path): not a grader result (write one with 'grader check --format json')"))
        }
        XCTAssertThrowsError(try SavedResults.read("/nonexistent/alice.json")) { error in
            XCTAssertEqual(
                error as? GraderError, .unusableResult("/nonexistent/alice.json: no such file, or it cannot be read"))
        }
        let failed = GradeResult.couldNotGrade("carol.zip", exercise: "", message: "carol.zip: not a readable zip file")
        XCTAssertEqual(
            try SavedResults(kit: kit.kit).load([try saved([failed])], manualScores: ["design": 3]), [failed])
    }
}

import Foundation
import GraderCore
import XCTest

@testable import GraderReports

/// GradeResult → Gradescope's results.json: only documented fields, tests that add up to the score, nothing
/// shown before the interviewer publishes.
final class GradescopeReporterTests: XCTestCase {
    private func decoded(_ result: GradeResult) throws -> GradescopeResults {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(GradescopeResults.self, from: Data(GradescopeReporter.render([result]).utf8))
    }

    func testOneTestPerScoredCriterionAddingUpToTheScore() throws {
        let alice = Fixtures.alice
        let results = try decoded(alice)
        XCTAssertEqual(results.score, alice.score)
        XCTAssertEqual(results.tests.reduce(0) { $0 + $1.score }, alice.score, accuracy: 1e-9)
        XCTAssertEqual(
            results.tests.map(\.name),
            alice.criteria.filter { $0.kind != .manual }.map { "\($0.id): \($0.title)" })
        let requests = try XCTUnwrap(results.tests.first { $0.name == "MC2: Requests" })
        XCTAssertEqual([requests.score, requests.maxScore], [5, 10])
        XCTAssertEqual(requests.status, "failed", "partial points are not a pass")
        XCTAssertEqual(results.tests.first { $0.name == "MC1: Categories" }?.status, "passed")
        XCTAssertEqual(results.tests.first { $0.name.hasPrefix("style") }?.status, "failed", "not checked")
        let singletons = try XCTUnwrap(results.tests.first { $0.name == "no-singletons: No singletons" })
        XCTAssertEqual(
            singletons.output,
            "1 error\nSources/MovieClient/ImageLoader.swift:4:5: error: 'static let shared = ImageLoader()' makes "
                + "ImageLoader a singleton; inject it through init [no-singletons]")
        XCTAssertEqual(Set(results.tests.map(\.visibility)), ["after_published"])
        XCTAssertEqual(results.visibility, "after_published")
        XCTAssertEqual(results.stdoutVisibility, "hidden")
    }

    func testPendingManualPointsAreNamedAndAScoredOneIsATest() throws {
        let alice = try decoded(Fixtures.alice)
        XCTAssertEqual(
            alice.output.split(separator: "\n").map(String.init),
            [
                "below the pass mark: 39.5 of 85 points, 70% needed",
                "10 points await the interviewer: Architecture and clarity (10)",
                "not checked: style (swift-format was not found on PATH)",
                "MC9: the hidden tests expected `SearchViewModel.queryChanged(_:)`; the submission renamed it",
            ])
        let bob = try decoded(Fixtures.bob)
        XCTAssertEqual(bob.tests.last?.name, "ARCH: Architecture and clarity")
        XCTAssertEqual(bob.tests.last?.score, 8)
        XCTAssertFalse(bob.output.contains("await the interviewer"))
    }

    func testNeedsReviewAndCouldNotGradeSayWhy() throws {
        var withheld = Fixtures.alice
        withheld.needsReview = ["Sources/App/A.swift:3: `exit` ends the process from app code"]
        XCTAssertTrue(
            try decoded(withheld).output.contains(
                "needs review: Sources/App/A.swift:3: `exit` ends the process from app code"))

        let failed = GradeResult.couldNotGrade(
            "/autograder/submission", exercise: "movie-client", message: "/autograder/submission: empty folder")
        let results = try decoded(failed)
        XCTAssertEqual(results.score, 0)
        XCTAssertEqual(results.tests, [])
        XCTAssertEqual(results.output, "could not grade: /autograder/submission: empty folder")
        XCTAssertEqual(GradescopeResults.problems(in: Data(GradescopeReporter.render([failed]).utf8)), [])
    }

    func testRendersOnlyWhatGradescopeDocuments() throws {
        for result in Fixtures.many {
            XCTAssertEqual(GradescopeResults.problems(in: Data(GradescopeReporter.render([result]).utf8)), [])
        }
        let many = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(GradescopeReporter.render(Fixtures.many).utf8)) as? [Any])
        XCTAssertEqual(many.count, 2, "several results: an array of objects")
    }

    func testTheValidatorCatchesWhatGradescopeWouldNotRead() {
        let cases: [(String, [String])] = [
            (#"{"score": 1, "leaderboard": []}"#, ["unknown key 'leaderboard'"]),
            (#"{"tests": [{"name": "a"}]}"#, ["no score: neither at the top level nor on every test"]),
            (
                #"{"score": 1, "visibility": "students", "tests": [{"score": "1", "status": "pass"}]}"#,
                [
                    "visibility 'students' is not a visibility", "tests[0]: score is not a number",
                    "tests[0]: status must be passed or failed",
                ]
            ),
            (#"{"score": 1, "tests": [{"score": 1, "requirement": "MC2"}]}"#, ["tests[0]: unknown key 'requirement'"]),
            ("[]", ["not a JSON object"]),
            (#"{"tests": [{"score": 1}, {"score": 0.5}], "output": "fine"}"#, []),
        ]
        for (json, problems) in cases {
            XCTAssertEqual(GradescopeResults.problems(in: Data(json.utf8)), problems, json)
        }
    }
}

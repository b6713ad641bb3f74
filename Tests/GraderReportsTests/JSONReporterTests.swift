import Foundation
import GraderCore
import XCTest

@testable import GraderReports

final class JSONReporterTests: XCTestCase {
    func testOneResultRoundTripsThroughTheDecoder() throws {
        let json = JSONReporter.render([Fixtures.single])
        let decoded = try GradeResult.makeDecoder().decode(GradeResult.self, from: Data(json.utf8))
        XCTAssertEqual(decoded, Fixtures.single)
    }

    func testSeveralResultsAreAnArrayThatRoundTrips() throws {
        let json = JSONReporter.render(Fixtures.many)
        XCTAssertTrue(json.hasPrefix("["))
        let decoded = try GradeResult.makeDecoder().decode([GradeResult].self, from: Data(json.utf8))
        XCTAssertEqual(decoded, Fixtures.many)
    }

    func testHasTheKeysExercismV3ToolsRead() throws {
        var result = Fixtures.single
        result.tests[0].testCode = "XCTAssertEqual(MovieCategory.allCases.count, 4)"
        let object = try topLevel(JSONReporter.render([result]))
        XCTAssertEqual(object["version"] as? Int, 3)
        XCTAssertEqual(object["status"] as? String, "fail")
        XCTAssertNotNil(object["message"] as? String)
        let tests = try XCTUnwrap(object["tests"] as? [[String: Any]])
        XCTAssertEqual(tests.count, result.tests.count)
        for test in tests {
            XCTAssertNotNil(test["name"] as? String)
            XCTAssertTrue(["pass", "fail", "error"].contains(test["status"] as? String ?? ""), "\(test)")
            XCTAssertNotNil(test["task_id"] as? Int, "\(test)")
            if test["status"] as? String != "pass" { XCTAssertNotNil(test["message"] as? String, "\(test)") }
        }
        XCTAssertEqual(tests[0]["test_code"] as? String, "XCTAssertEqual(MovieCategory.allCases.count, 4)")
        XCTAssertNotNil(tests[4]["output"] as? String)
        XCTAssertEqual(tests[4]["name"] as? String, "MC2Tests/test_MC2_encodesAmpersand")
    }

    func testHasTheKeysGradescopeToolsRead() throws {
        let object = try topLevel(JSONReporter.render([Fixtures.single]))
        XCTAssertEqual(object["score"] as? Double, 39.5)
        XCTAssertEqual(object["max_score"] as? Double, 85)
        let tests = try XCTUnwrap(object["tests"] as? [[String: Any]])
        for test in tests {
            XCTAssertNotNil(test["score"] as? Double, "\(test)")
            XCTAssertNotNil(test["max_score"] as? Double, "\(test)")
            XCTAssertEqual(test["visibility"] as? String, "after_published")
        }
    }

    func testHasTheGraderOwnKeys() throws {
        let object = try topLevel(JSONReporter.render([Fixtures.single]))
        for key in [
            "schema", "grader_version", "exercise", "submission", "passed", "pass_percent", "criteria", "findings",
            "history", "own_tests", "manual_review", "follow_up_questions", "notes",
        ] {
            XCTAssertNotNil(object[key], key)
        }
        XCTAssertEqual(object["schema"] as? String, "grader-result/1")
        let criterion = try XCTUnwrap((object["criteria"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(criterion.keys), ["id", "title", "kind", "score", "max_score", "status", "evidence"])
        let finding = try XCTUnwrap((object["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(finding.keys), ["rule", "severity", "path", "line", "column", "message"])
        let history = try XCTUnwrap(object["history"] as? [String: Any])
        XCTAssertEqual(history["commits"] as? Int, 9)
        XCTAssertEqual(history["median_lines"] as? Double, 38)
        XCTAssertEqual(history["max_lines"] as? Int, 412)
        let tests = try XCTUnwrap(object["tests"] as? [[String: Any]])
        XCTAssertEqual(tests.last?["requirement"] as? String, "MC9")
        XCTAssertEqual(tests.last?["expected_symbol"] as? String, "SearchViewModel.queryChanged(_:)")
        XCTAssertNil(tests.first?["expected_symbol"], "left out when nil")
    }

    func testANonFiniteScoreStillGivesJSON() throws {
        var result = Fixtures.single
        result.score = .nan
        let object = try topLevel(JSONReporter.render([result]))
        XCTAssertEqual(object["status"] as? String, "error")
        XCTAssertEqual(object["version"] as? Int, 3)
    }

    private func topLevel(_ json: String) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return try XCTUnwrap(value as? [String: Any])
    }
}

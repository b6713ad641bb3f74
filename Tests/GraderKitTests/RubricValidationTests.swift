import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// A rubric's parameters are checked when it loads: a typo is an error naming the key, not a silent default.
final class RubricValidationTests: XCTestCase {
    private func rubric(_ criterion: String) throws -> Rubric {
        let json = """
            {"exercise": "x", "title": "X", "version": "1", "time_box": "1 hour", "pass_percent": 60, "modules": [],
             "requirements": [], "criteria": [\(criterion)]}
            """
        return try GradeResult.makeDecoder().decode(Rubric.self, from: Data(json.utf8))
    }

    private func problem(_ criterion: String) throws -> String? {
        do {
            try RubricValidation.validate(try rubric(criterion), name: "x")
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testATypoInAParameterNamesTheKeyAndTheKnownOnes() throws {
        XCTAssertEqual(
            try problem(
                #"{"id": "own", "title": "Own", "kind": "coverage", "points": 8, "parameters": {"target_covrage": 60}}"#
            ),
            "rubric of 'x' is invalid: criterion 'own': unknown parameter 'target_covrage' (known: min_tests, target_coverage)"
        )
    }

    func testAParameterOfTheWrongShapeIsAnError() throws {
        XCTAssertEqual(
            try problem(
                #"{"id": "style", "title": "Style", "kind": "rule", "points": 2, "parameters": {"max_per_100_lines": "3"}}"#
            ),
            "rubric of 'x' is invalid: criterion 'style': parameter 'max_per_100_lines' must be a number, not a string")
    }

    func testAnUnknownRuleIsAnError() throws {
        let message = try XCTUnwrap(try problem(#"{"id": "no-globals", "title": "G", "kind": "rule", "points": 2}"#))
        XCTAssertTrue(
            message.hasPrefix("rubric of 'x' is invalid: criterion 'no-globals': unknown rule 'no-globals'"), message)
    }

    func testWhatRulesHistoryAndCoverageTakeIsAccepted() throws {
        XCTAssertNil(
            try problem(
                #"{"id": "required-apis", "title": "R", "kind": "rule", "points": 3, "parameters": {"require": ["URLSession"], "penalty": 1}}"#
            ))
        XCTAssertNil(
            try problem(
                #"{"id": "history", "title": "H", "kind": "history", "points": 8, "parameters": {"max_commit_lines": 150, "weights": {"size": 0.5}}}"#
            ))
        XCTAssertNil(
            try problem(
                #"{"id": "own", "title": "O", "kind": "coverage", "points": 8, "parameters": {"min_tests": 6}}"#))
        XCTAssertNotNil(
            try problem(#"{"id": "MC1", "title": "T", "kind": "tests", "points": 4, "parameters": {"weight": 2}}"#))
    }
}

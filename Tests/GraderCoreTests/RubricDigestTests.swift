import Foundation
import XCTest

@testable import GraderCore

/// `Rubric.digest` changes with what decides a score and with nothing else.
final class RubricDigestTests: XCTestCase {
    private let rubric = Rubric(
        exercise: "counter", title: "Counter", version: "1.0.0", timeBox: "1 hour", passPercent: 60,
        modules: ["Counter"], requirements: [Requirement(id: "CT1", title: "Counting")],
        criteria: [
            Criterion(id: "CT1", title: "Counts", kind: .tests, points: 6),
            Criterion(
                id: "own-tests", title: "Own tests", kind: .coverage, points: 2,
                parameters: ["min_tests": .number(2), "target_coverage": .number(50)]),
            Criterion(id: "design", title: "Design", kind: .manual, points: 4, checklist: ["Small types"]),
        ], followUpQuestions: ["Why?"])

    func testIsSixteenHexDigitsAndStable() {
        XCTAssertEqual(rubric.digest.count, 16)
        XCTAssertTrue(rubric.digest.allSatisfy(\.isHexDigit), rubric.digest)
        XCTAssertEqual(rubric.digest, rubric.digest)
        var hasher = StableHash()
        hasher.add("a")
        XCTAssertEqual(hasher.paddedHex.count, 16)
        XCTAssertTrue(hasher.paddedHex.hasSuffix(hasher.hex))
    }

    func testRewordingChangesNothing() {
        var reworded = rubric
        reworded.title = "The counter"
        reworded.criteria[0].title = "Counting works"
        reworded.criteria[2].checklist = ["Small types", "Clear names"]
        reworded.followUpQuestions = nil
        reworded.timeBox = "2 hours"
        XCTAssertEqual(reworded.digest, rubric.digest)
    }

    func testEveryScoringChangeChangesIt() {
        let changes: [(String, (inout Rubric) -> Void)] = [
            ("points", { $0.criteria[0].points = 7 }),
            ("pass mark", { $0.passPercent = 70 }),
            ("kind", { $0.criteria[2].kind = .history }),
            ("id", { $0.criteria[2].id = "architecture" }),
            ("order", { $0.criteria.swapAt(0, 1) }),
            ("parameter", { $0.criteria[1].parameters?["min_tests"] = .number(3) }),
            ("parameter kind", { $0.criteria[1].parameters?["min_tests"] = .string("2") }),
            ("requirement", { $0.criteria[0].requirement = "CT2" }),
            ("rule", { $0.criteria[0].rule = "no-force" }),
            ("a criterion more", { $0.criteria.append(Criterion(id: "x", title: "X", kind: .manual, points: 1)) }),
            ("pair task", { $0.task = "reset" }),
            ("exercise", { $0.exercise = "counter-2" }),
        ]
        var seen: [String: String] = [:]
        for (name, change) in changes {
            var changed = rubric
            change(&changed)
            XCTAssertNotEqual(changed.digest, rubric.digest, name)
            XCTAssertNil(seen[changed.digest], "\(name) collides with \(seen[changed.digest] ?? "")")
            seen[changed.digest] = name
        }
    }

    func testCanonicalJSONSortsKeysAndEscapesStrings() {
        let value = JSONValue.object([
            "b": .array([.number(1.5), .bool(true), .null]), "a": .string(#"say "hi" \ bye"#),
        ])
        XCTAssertEqual(value.canonical, #"{"a":"say \"hi\" \\ bye","b":[1.5,true,null]}"#)
    }
}

import Foundation
import XCTest

@testable import GraderCore

final class RubricTests: XCTestCase {
    private func load(_ json: String) throws -> Rubric {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-rubric-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Rubric.load(from: url)
    }

    func testLoadsSnakeCaseKeysAndSumsThePoints() throws {
        let rubric = try load(
            """
            {"exercise": "counter", "title": "Counter", "version": "1.0.0", "time_box": "1 hour", "pass_percent": 60,
             "modules": ["Counter"], "requirements": [{"id": "CT1", "title": "Counting"}],
             "criteria": [
               {"id": "CT1", "title": "Counts", "kind": "tests", "points": 6},
               {"id": "own-tests", "title": "Own", "kind": "coverage", "points": 2.5, "parameters": {"min_tests": 2}},
               {"id": "design", "title": "Design", "kind": "manual", "points": 4, "checklist": ["Small types"]}
             ],
             "follow_up_questions": ["Why?"]}
            """)
        XCTAssertEqual(rubric.timeBox, "1 hour")
        XCTAssertEqual(rubric.passPercent, 60)
        XCTAssertEqual(rubric.maxScore, 12.5)
        XCTAssertEqual(rubric.criteria.map(\.kind), [.tests, .coverage, .manual])
        XCTAssertEqual(rubric.criteria[1].options.number("min_tests", default: 0), 2)
        XCTAssertEqual(rubric.criteria[2].checklist, ["Small types"])
        XCTAssertEqual(rubric.followUpQuestions, ["Why?"])
    }

    func testAnUnknownKindIsAnError() {
        XCTAssertThrowsError(
            try load(
                """
                {"exercise": "x", "title": "X", "version": "1", "time_box": "1 hour", "pass_percent": 60, "modules": [],
                 "requirements": [], "criteria": [{"id": "a", "title": "A", "kind": "vibes", "points": 1}]}
                """))
    }

    func testEveryKitRubricLoads() throws {
        let rubrics = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Rubrics")
        let ids = try FileManager.default.contentsOfDirectory(atPath: rubrics.path).filter {
            FileManager.default.fileExists(atPath: rubrics.appendingPathComponent("\($0)/rubric.json").path)
        }
        XCTAssertGreaterThanOrEqual(ids.count, 3)
        for id in ids {
            let rubric = try Rubric.load(from: rubrics.appendingPathComponent("\(id)/rubric.json"))
            XCTAssertEqual(rubric.exercise, id)
            XCTAssertGreaterThan(rubric.maxScore, 0, id)
        }
    }
}

final class SourceTreeTests: XCTestCase {
    func testScansFilesButSkipsBuildFoldersAndGit() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("grader-tree-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["Sources/App/A.swift", ".git/HEAD", ".build/debug/x.o", ".build-fast/y", "README.md"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        let tree = SourceTree(scanning: root)
        XCTAssertEqual(tree.files.sorted(), ["README.md", "Sources/App/A.swift"])
        XCTAssertEqual(tree.swiftFiles, ["Sources/App/A.swift"])
    }

    func testTestPaths() {
        XCTAssertTrue(SourceTree.isTestPath("Tests/AppTests/A.swift"))
        XCTAssertTrue(SourceTree.isTestPath("AppUITests/Flow.swift"))
        XCTAssertTrue(SourceTree.isTestPath("App/LoginTests.swift"))
        XCTAssertFalse(SourceTree.isTestPath("Sources/App/Testing.swift"))
        XCTAssertFalse(SourceTree.isTestPath("Sources/App/Contest.swift"))
    }

    func testDecodesUTF8AndLatin1AndRefusesBinary() {
        XCTAssertEqual(SourceTree.decodeText(Data("café".utf8)), "café")
        XCTAssertEqual(SourceTree.decodeText(Data([0x63, 0x61, 0x66, 0xE9])), "café")
        XCTAssertNil(SourceTree.decodeText(Data([0x41, 0x00, 0x42])))
    }
}

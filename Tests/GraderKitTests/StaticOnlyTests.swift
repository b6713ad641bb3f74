import Foundation
import GraderCore
import GraderKit
import XCTest

/// `--static-only` with the real rules and history analyzer: no build, findings with file:line, a history
/// verdict, and a clear note where something could not be checked.
final class StaticOnlyTests: XCTestCase {
    private func kitWithRulesAndHistory() throws -> FixtureKit {
        let fixture = try FixtureKit()
        try fixture.write(
            """
            {
              "exercise": "counter", "title": "Counter", "version": "1.0.0", "time_box": "1 hour", "pass_percent": 60,
              "modules": ["Counter"],
              "requirements": [{"id": "CT1", "title": "Counting"}, {"id": "CT2", "title": "Label"}],
              "criteria": [
                {"id": "CT1", "title": "Counts", "kind": "tests", "points": 6},
                {"id": "no-singletons", "title": "No singletons", "kind": "rule", "points": 2},
                {"id": "no-third-party", "title": "No third-party libraries", "kind": "rule", "points": 2},
                {"id": "history", "title": "Git history", "kind": "history", "points": 4}
              ]
            }
            """, to: "Rubrics/counter/rubric.json")
        return fixture
    }

    private func checker(_ kit: FixtureKit) -> Checker {
        var options = CheckOptions()
        options.staticOnly = true
        return Checker(kit: kit.kit, options: options, analyzers: .live(runner: .live))
    }

    func testFindingsCarryTheirPlaceAndTestsAreNotChecked() throws {
        let kit = try kitWithRulesAndHistory()
        defer { kit.remove() }
        let singleton = FixtureSubmission.counter().replacingOccurrences(
            of: "    public init() {}", with: "    static let shared = Counter()\n\n    public init() {}")
        let fixture = try FixtureSubmission(
            "singleton-in-model",
            files: ["exercise.json": FixtureSubmission.manifest, "Sources/Counter/Counter.swift": singleton])
        defer { fixture.remove() }

        let result = try checker(kit).check(fixture.root.path)

        let finding = try XCTUnwrap(result.findings.first { $0.rule == "no-singletons" })
        XCTAssertEqual(finding.path, "Sources/Counter/Counter.swift")
        XCTAssertEqual(finding.line, 7)
        XCTAssertTrue(
            finding.formatted.hasPrefix("Sources/Counter/Counter.swift:7:16: error: `static let shared = Counter()`"),
            finding.formatted)
        XCTAssertTrue(finding.formatted.hasSuffix("[no-singletons]"), finding.formatted)
        XCTAssertEqual(result.criteria.first { $0.id == "no-singletons" }?.score, 1, "2 points, 1 per finding")
        XCTAssertEqual(result.criteria.first { $0.id == "no-third-party" }?.status, .passed)
        XCTAssertEqual(result.criteria.first { $0.id == "CT1" }?.status, .notChecked)
        XCTAssertEqual(result.history?.commits, 1, "no manifest baseline: measured from the root commit")
        XCTAssertTrue(result.tests.isEmpty)
    }

    func testAFolderWithoutGitIsGradedWithANoteNotAnError() throws {
        let kit = try kitWithRulesAndHistory()
        defer { kit.remove() }
        let fixture = try FixtureSubmission(
            "no-git-repo",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ],
            git: false)
        defer { fixture.remove() }

        let result = try checker(kit).check(fixture.root.path)

        XCTAssertNotEqual(result.status, .error)
        XCTAssertTrue(result.notes.contains("history: no git repository (no .git folder)"), "\(result.notes)")
        XCTAssertEqual(result.criteria.first { $0.id == "no-singletons" }?.status, .passed)
    }
}

extension StaticOnlyTests {
    func testASubmissionWithoutManifestIsIdentifiedByItsModuleFolders() throws {
        let kit = try kitWithRulesAndHistory()
        defer { kit.remove() }
        let fixture = try FixtureSubmission(
            "no-manifest", files: ["Sources/Counter/Counter.swift": FixtureSubmission.counter()], git: false)
        defer { fixture.remove() }
        let result = try checker(kit).check(fixture.root.path)
        XCTAssertEqual(result.exercise, "counter")
        XCTAssertTrue(result.notes.contains("exercise identified from its module folders (no manifest)"))
    }
}

import Foundation
import GraderAuthoring
import GraderCore
import GraderKit
import XCTest

/// `grader pair` then `grader check`: the session starts from the solution and is graded on the task's rubric.
final class PairSessionTests: XCTestCase {
    /// The counter kit with a pair task, `reset`: CTP1 asks for `reset()`.
    private func kitWithResetTask() throws -> FixtureKit {
        let fixture = try FixtureKit()
        let solution = FixtureSubmission.counter(
            label: """
                // BEGIN SOLUTION CT2: Pluralise.
                        value == 1 ? "1 tap" : "\\(value) taps"
                        // END SOLUTION
                """)
        try fixture.write(solution, to: "Solutions/counter/Sources/Counter/Counter.swift")
        try fixture.write(FixtureSubmission.ownXCTests, to: "Solutions/counter/Tests/CounterTests/CounterTests.swift")
        try fixture.write(
            "# Add reset()\n\nA reset button sets the counter back to zero.\n",
            to: "Rubrics/counter/pair/reset/README.md")
        try fixture.write(
            """
            {"exercise": "counter", "title": "Counter: reset", "version": "1.0.0", "time_box": "30 minutes",
             "pass_percent": 60, "modules": ["Counter"], "requirements": [{"id": "CTP1", "title": "Reset"}],
             "criteria": [{"id": "CTP1", "title": "Reset", "kind": "tests", "points": 3}]}
            """, to: "Rubrics/counter/pair/reset/rubric.json")
        try fixture.write(
            """
            import Counter
            import GraderTestSupport
            import XCTest

            final class CTP1ResetTests: HiddenTestCase {
                func test_CTP1_resetGoesBackToZero() {
                    var counter = Counter()
                    counter.increment()
                    counter.reset()
                    XCTAssertEqual(counter.value, 0)
                }
            }
            """, to: "Rubrics/counter/pair/reset/Hidden/CTP1Tests.swift")
        return fixture
    }

    /// What the pair does in the session at `folder`: adds reset().
    private func addReset(in folder: URL) throws {
        let file = folder.appendingPathComponent("Sources/Counter/Counter.swift")
        let extended = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "    public mutating func increment() {",
            with:
                "    public mutating func reset() {\n        value = 0\n    }\n\n    public mutating func increment() {"
        )
        try extended.write(to: file, atomically: true, encoding: .utf8)
    }

    func testPairSessionIsGradedOnItsTasksHiddenTests() throws {
        let fixture = try kitWithResetTask()
        defer { fixture.remove() }
        let folder = fixture.root.appendingPathComponent("bob")

        let manifest = try WorkspaceCreator(kit: fixture.kit).createPair(exercise: "counter", task: "reset", at: folder)
        XCTAssertEqual(manifest.task, "reset")
        let source = try String(
            contentsOf: folder.appendingPathComponent("Sources/Counter/Counter.swift"), encoding: .utf8)
        XCTAssertFalse(source.contains("SOLUTION"), "markers must not reach a pair session")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("TASK.md").path))

        try addReset(in: folder)

        var options = CheckOptions()
        options.jobs = 2
        let result = try Checker(kit: fixture.kit, options: options, analyzers: .live(runner: .live)).check(folder.path)
        XCTAssertEqual(result.tests.map(\.name), ["CTP1ResetTests/test_CTP1_resetGoesBackToZero"])
        XCTAssertEqual(result.tests.map(\.status), [.pass])
        XCTAssertEqual(result.criteria.map(\.id), ["CTP1"])
        XCTAssertTrue(
            result.notes.contains(
                "pair session: graded on task 'reset', as the submission's manifest says "
                    + "(a take-home is graded on its exercise's rubric with --exercise counter)"), "\(result.notes)")
        XCTAssertTrue(result.passed)

        // The manifest is the candidate's file: with --exercise, a task it names does not pick the rubric.
        options.exercise = "counter"
        options.staticOnly = true
        let pinned = try Checker(kit: fixture.kit, options: options, analyzers: .none).check(folder.path)
        XCTAssertEqual(pinned.criteria.filter { $0.kind == .tests }.map(\.id), ["CT1", "CT2"])
        XCTAssertTrue(
            pinned.notes.contains(
                "the submission's manifest names pair task 'reset'; graded on the counter rubric, as --exercise asked"),
            "\(pinned.notes)")
    }

    func testVerifyProvesAPairTaskWithItsReferencePatch() throws {
        let fixture = try kitWithResetTask()
        defer { fixture.remove() }
        var options = CheckOptions()
        options.jobs = 2
        let verifier = Verifier(kit: fixture.kit, options: options, analyzers: .live(runner: .live))
        var log: [String] = []
        XCTAssertEqual(
            try verifier.verifyPairTask("counter", "reset") { log.append($0) },
            ["pair task counter/reset has no reference.patch: nothing proves its hidden tests can pass"])

        try fixture.write(
            "--- a/Sources/Counter/Counter.swift\n+++ b/Sources/Counter/Counter.swift\n@@ -1 +1 @@\n-gone\n+x\n",
            to: "Rubrics/counter/pair/reset/\(Verifier.referencePatch)")
        let stale = try verifier.verifyPairTask("counter", "reset") { log.append($0) }
        XCTAssertEqual(stale.count, 1)
        XCTAssert(
            stale[0].hasPrefix("pair task counter/reset: reference.patch no longer applies to the solution"), stale[0])

        // The reference patch: a session's diff after the pair's change.
        let session = fixture.root.appendingPathComponent("reference-session")
        try WorkspaceCreator(kit: fixture.kit).createPair(exercise: "counter", task: "reset", at: session)
        try addReset(in: session)
        let diff = try ProcessRunner.live(ProcessRequest("git", ["-C", session.path, "diff"]))
        try fixture.write(diff.stdout, to: "Rubrics/counter/pair/reset/\(Verifier.referencePatch)")

        let problems = try verifier.verifyPairTask("counter", "reset") { log.append($0) }
        XCTAssertEqual(
            problems, ["pair task counter/reset: CTP1 has 1 hidden tests; at least 3 expected"],
            log.joined(separator: "\n"))
        XCTAssertEqual(
            log,
            ["counter/reset: reference passes 1/1 task tests", "counter/reset: fresh session passes 0/1 task tests"])
    }
}

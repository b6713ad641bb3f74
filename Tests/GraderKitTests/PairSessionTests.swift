import Foundation
import GraderCore
import GraderKit
import XCTest

/// `grader pair` then `grader check`: the session starts from the solution and is graded on the task's rubric.
final class PairSessionTests: XCTestCase {
    func testPairSessionIsGradedOnItsTasksHiddenTests() throws {
        let fixture = try FixtureKit()
        defer { fixture.remove() }
        let solution = FixtureSubmission.counter(label: """
            // BEGIN SOLUTION CT2: Pluralise.
                    value == 1 ? "1 tap" : "\\(value) taps"
                    // END SOLUTION
            """)
        try fixture.write(solution, to: "Solutions/counter/Sources/Counter/Counter.swift")
        try fixture.write(FixtureSubmission.ownXCTests, to: "Solutions/counter/Tests/CounterTests/CounterTests.swift")
        try fixture.write("# Add reset()\n\nA reset button sets the counter back to zero.\n", to: "Rubrics/counter/pair/reset/README.md")
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
        let folder = fixture.root.appendingPathComponent("bob")

        let manifest = try WorkspaceCreator(kit: fixture.kit).createPair(exercise: "counter", task: "reset", at: folder)
        XCTAssertEqual(manifest.task, "reset")
        let source = try String(contentsOf: folder.appendingPathComponent("Sources/Counter/Counter.swift"), encoding: .utf8)
        XCTAssertFalse(source.contains("SOLUTION"), "markers must not reach a pair session")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("TASK.md").path))

        // The pair adds reset().
        let extended = source.replacingOccurrences(
            of: "    public mutating func increment() {", with: "    public mutating func reset() {\n        value = 0\n    }\n\n    public mutating func increment() {")
        try extended.write(to: folder.appendingPathComponent("Sources/Counter/Counter.swift"), atomically: true, encoding: .utf8)

        var options = CheckOptions()
        options.jobs = 2
        let result = try Checker(kit: fixture.kit, options: options, analyzers: .live(runner: .live)).check(folder.path)
        XCTAssertEqual(result.tests.map(\.name), ["CTP1ResetTests/test_CTP1_resetGoesBackToZero"])
        XCTAssertEqual(result.tests.map(\.status), [.pass])
        XCTAssertEqual(result.criteria.map(\.id), ["CTP1"])
        XCTAssertTrue(result.notes.contains("pair session: graded on task 'reset'"))
        XCTAssertTrue(result.passed)
    }
}

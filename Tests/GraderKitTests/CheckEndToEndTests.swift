import Foundation
import GraderCore
import GraderKit
import GraderReports
import XCTest

/// Grades fixture submissions named by outcome against the fixture kit, with real builds and test processes.
/// All fixtures are graded in one run so they share a warm build, as `grader check a b c` does.
final class CheckEndToEndTests: XCTestCase {
    func testFixtureSubmissionsAreGradedByOutcome() throws {
        let fixtureKit = try FixtureKit()
        defer { fixtureKit.remove() }
        let manifest = ["exercise.json": FixtureSubmission.manifest]
        let fixtures: [(name: String, files: [String: String])] = [
            (
                "all-hidden-tests-pass",
                manifest.merging([
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                    "Tests/CounterTests/CounterTests.swift": FixtureSubmission.ownXCTests,
                    "Tests/CounterTests/SwiftTestingTests.swift": FixtureSubmission.ownSwiftTests,
                ]) { a, _ in a }
            ),
            (
                "fatal-error-in-one-gap",
                manifest.merging([
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(label: #"fatalError("TODO(CT2)")"#)
                ]) { a, _ in a }
            ),
            (
                "renamed-method",
                manifest.merging([
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(labelName: "title")
                ]) { a, _ in a }
            ),
            (
                "compile-error",
                manifest.merging([
                    "Sources/Counter/Counter.swift": "public struct Counter { let x: Int = \"oops\" }"
                ]) { a, _ in a }
            ),
            (
                "renamed-increment",
                manifest.merging([
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter().replacingOccurrences(
                        of: "func increment()", with: "func bump()")
                ]) { a, _ in a }
            ),
        ]
        let submissions = try fixtures.map { try FixtureSubmission($0.name, files: $0.files) }
        defer { for submission in submissions { submission.remove() } }

        var options = CheckOptions()
        options.jobs = 2
        options.testTimeout = 20
        let progress = ProgressRecorder()
        options.progress = { progress.record($0) }
        let builds = BuildRecorder()
        let gate = OverlapGate()
        let checker = Checker(
            kit: fixtureKit.kit, options: options, runner: gate.holding(builds.runner), analyzers: .none)
        let results = checker.check(submissions.map(\.root.path))
        XCTAssertEqual(gate.overlapped, true, "the second submission builds while the first one's tests run")
        let byName = Dictionary(uniqueKeysWithValues: zip(fixtures.map(\.name), results))

        let good = try XCTUnwrap(byName["all-hidden-tests-pass"])
        XCTAssertEqual(good.tests.map(\.status), Array(repeating: .pass, count: 6), "\(good.tests)")
        XCTAssertEqual(good.criteria.first { $0.id == "CT1" }?.score, 6)
        XCTAssertEqual(good.criteria.first { $0.id == "CT2" }?.score, 3)
        XCTAssertEqual(good.ownTests?.total, 2)
        XCTAssertEqual(good.ownTests?.passed, 2)
        XCTAssertEqual(good.ownTests?.lineCoverage ?? 0, 62.5, accuracy: 0.1, "label() is not covered by the own tests")
        XCTAssertEqual(good.criteria.first { $0.id == "design" }?.status, .manual)
        XCTAssertTrue(good.passed)

        let gap = try XCTUnwrap(byName["fatal-error-in-one-gap"])
        XCTAssertEqual(gap.tests.filter { $0.requirement == "CT1" }.map(\.status), [.pass, .pass, .pass])
        XCTAssertEqual(gap.tests.filter { $0.requirement == "CT2" }.map(\.status), [.error, .error, .error])
        XCTAssertTrue(gap.tests.first { $0.requirement == "CT2" }?.message?.hasPrefix("crashed") ?? false)
        XCTAssertEqual(gap.ownTests?.total, 0)

        let renamed = try XCTUnwrap(byName["renamed-method"])
        XCTAssertEqual(renamed.tests.filter { $0.requirement == "CT1" }.map(\.status), [.pass, .pass, .pass])
        let lost = renamed.tests.filter { $0.requirement == "CT2" }
        XCTAssertEqual(lost.map(\.status), [.error, .error, .error])
        XCTAssertTrue(lost[0].message?.contains("has no member 'label'") ?? false, lost[0].message ?? "")
        XCTAssertEqual(lost[0].expectedSymbol, "Counter.label()")

        // A renamed method costs only the tests that call it, in every requirement, not whole requirements.
        let bumped = try XCTUnwrap(byName["renamed-increment"])
        XCTAssertEqual(
            bumped.tests.map { "\($0.name): \($0.status.rawValue)" },
            [
                "CT1CountingTests/test_CT1_startsAtZero: pass", "CT1CountingTests/test_CT1_incrementAddsOne: error",
                "CT1CountingTests/test_CT1_incrementsAccumulate: error", "CT2LabelTests/test_CT2_zeroLabel: pass",
                "CT2LabelTests/test_CT2_singular: error", "CT2LabelTests/test_CT2_plural: error",
            ])
        XCTAssertEqual(Set(bumped.tests.compactMap(\.expectedSymbol)), ["Counter.increment()"])
        XCTAssertEqual(bumped.criteria.first { $0.id == "CT1" }?.score, 2)
        XCTAssertEqual(bumped.criteria.first { $0.id == "CT2" }?.score, 1)

        // Golden reports: this fixture's whole result is deterministic once durations and paths are normalised.
        let normalised = Golden.normalise(renamed, submission: submissions[2].root.path)
        try Golden.assertMatches(Reporters.render([normalised], as: .json), "renamed-method.json")
        try Golden.assertMatches(Reporters.render([normalised], as: .markdown), "renamed-method.md")

        let broken = try XCTUnwrap(byName["compile-error"])
        XCTAssertEqual(broken.status, .fail)
        XCTAssertTrue(broken.tests.allSatisfy { $0.status == .error })
        XCTAssertTrue(
            broken.notes.contains { $0.contains("does not compile") && $0.contains("Counter.swift:1") },
            "\(broken.notes)")
        XCTAssertEqual(broken.criteria.first { $0.id == "own-tests" }?.status, .notChecked)

        // On Linux the test binary starts at the kit's entry point, not at the runner SwiftPM writes: both own
        // XCTest and Swift Testing tests above ran through it (docs/performance.md).
        #if os(Linux)
            let entryPoint = try String(
                contentsOf: fixtureKit.kit.testMain.appendingPathComponent("GraderTestMain.swift"), encoding: .utf8)
            XCTAssertFalse(builds.binaries.isEmpty, "a build succeeded")
            for build in builds.binaries {
                XCTAssertEqual(build.entryPoint, entryPoint, "the build was given the kit's entry point")
                XCTAssertTrue(build.mentions("GraderTestMain"), "the binary starts at the kit's entry point")
                XCTAssertFalse(build.mentions("SwiftPMXCTestObserver"), "SwiftPM's runner is not in the binary")
            }
        #endif

        // Progress: the build, each hidden test counted in order, then the own tests where they run.
        let counted = (1...6).map { CheckProgress.Step.hiddenTests(done: $0, total: 6) }
        XCTAssertEqual(progress.steps(submissions[0].root.path), [.building] + counted + [.ownTests])
        XCTAssertEqual(
            progress.steps(submissions[3].root.path), [.building] + counted, "no own tests after a failed build")
        XCTAssertEqual(progress.events.count, 5 + 6 * 5 + 4, "one event per step and test, nothing more")
    }
}

/// Holds the first test process of a check until a second `swift build` starts (or 300 s pass, the answer then
/// being no): in `check a b`, b builds while a's tests run, from a copy of a's test binary.
private final class OverlapGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var builds = 0
    private var heldOne = false
    private var answer: Bool?

    /// Whether the second build started while the first test process was held; nil when none was held.
    var overlapped: Bool? { condition.withLock { answer } }

    func holding(_ runner: ProcessRunner) -> ProcessRunner {
        ProcessRunner { [self] request in
            condition.lock()
            if request.arguments.contains("--build-tests") {
                builds += 1
                condition.broadcast()
            } else if request.environment["GRADER_RESULT_CHANNEL"] != nil, !heldOne {
                heldOne = true
                let deadline = Date().addingTimeInterval(300)
                while builds < 2, condition.wait(until: deadline) {}
                answer = builds >= 2
            }
            condition.unlock()
            return try runner(request)
        }
    }
}

/// Every `CheckProgress` a check reports, from any thread.
private final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [CheckProgress] = []

    func record(_ progress: CheckProgress) { lock.withLock { recorded.append(progress) } }

    var events: [CheckProgress] { lock.withLock { recorded } }

    func steps(_ submission: String) -> [CheckProgress.Step] {
        events.filter { $0.submission == submission }.map(\.step)
    }
}

/// Runs every process for real and, after each `swift build` that produced a test binary, keeps the entry point
/// it was given and the binary's bytes (the build folder is gone when the check returns).
private final class BuildRecorder: @unchecked Sendable {
    struct Build {
        var entryPoint: String?
        var binary: Data

        func mentions(_ name: String) -> Bool { binary.range(of: Data(name.utf8)) != nil }
    }

    private let lock = NSLock()
    private var recorded: [Build] = []

    var binaries: [Build] { lock.withLock { recorded } }

    var runner: ProcessRunner {
        ProcessRunner { [self] request in
            let output = try ProcessRunner.live(request)
            let words = request.arguments
            if output.succeeded, words.contains("--build-tests"),
                let scratch = words.firstIndex(of: "--scratch-path").map({ words[$0 + 1] }),
                let binary = try? Data(
                    contentsOf: URL(fileURLWithPath: scratch).appendingPathComponent(
                        "debug/\(GradingPackage.packageName)PackageTests.xctest"))
            {
                let entryPoint = words.firstIndex(of: "--experimental-test-entry-point-path").flatMap {
                    try? String(contentsOfFile: words[$0 + 1], encoding: .utf8)
                }
                lock.withLock { recorded.append(Build(entryPoint: entryPoint, binary: binary)) }
            }
            return output
        }
    }
}

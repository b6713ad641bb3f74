import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// A warm build must compile the submission written now: Swift's driver reads file times in whole seconds on
/// Linux, so nothing is written into a build folder within the second its last build ended (`BuildClock`).
final class BuildClockTests: XCTestCase {
    private var cleanup: [URL] = []

    override func tearDown() {
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
    }

    private func folder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grader-\(name)-\(UUID().uuidString)")
        cleanup.append(url)
        return url
    }

    // MARK: - The clock on its own

    func testWritesWaitForTheSecondAfterTheLastBuildEnded() {
        let scratch = folder("clock")
        let time = FakeTime(1000.3)
        let clock = time.clock
        XCTAssertEqual(clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.slept, [], "no build yet: nothing to wait for")

        clock.recordEnd(in: scratch)
        time.set(1000.5)
        XCTAssertEqual(clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.now, 1001 + BuildClock.margin, accuracy: 1e-9, "waited into the next second")
        XCTAssertEqual(time.slept.count, 1)

        XCTAssertEqual(clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.slept.count, 1, "a later second has begun: no second wait")
    }

    func testAClockSetBackIsToldNotWaitedOut() {
        let scratch = folder("clock-back")
        let time = FakeTime(5000.2)
        time.clock.recordEnd(in: scratch)
        time.set(1000)
        XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .clockSetBack)
        XCTAssertEqual(time.slept, [], "an hour back is not slept through")

        // Within the tolerance it is waited for: at most two seconds.
        time.set(4999.9)
        XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.now, 5001 + BuildClock.margin, accuracy: 1e-9)
    }

    func testAnUnreadableRecordIsNoReasonToWait() throws {
        let scratch = folder("clock-odd")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for text in ["", "soon", "nan", "inf"] {
            try Data(text.utf8).write(to: BuildClock.stamp(in: scratch))
            let time = FakeTime(1000)
            XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .ready, text)
            XCTAssertEqual(time.slept, [], text)
        }
    }

    // MARK: - The Build stage keeps to it

    func testTheBuildStageWritesTheNextSubmissionOnlyAfterTheWait() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let slot = folder("clock-slot")
        let first = try identified("first", marker: "first", kit: kit)
        let second = try identified("second", marker: "second", kit: kit)
        let source = slot.appendingPathComponent("package/Sources/Counter/Counter.swift")
        let time = FakeTime(1000.2)
        time.onSleep = {
            let text = (try? String(contentsOf: source, encoding: .utf8)) ?? ""
            XCTAssertTrue(text.contains(Self.marker("first")), "the package still holds the last build's sources")
        }
        let runner = ProcessRunner { request in
            guard request.arguments.contains("--build-tests") else { return try ProcessRunner.live(request) }
            let binary = slot.appendingPathComponent("scratch/debug/GradedPackageTests.xctest")
            try FileManager.default.createDirectory(
                at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("fake".utf8).write(to: binary)
            time.advance(0.1)
            return ProcessOutput(status: 0, stdout: "Build complete!", stderr: "")
        }
        let stage = BuildStage(
            kit: kit.kit, runner: runner,
            environment: CheckEnvironment(sandbox: Sandbox(isolation: .none), moduleSelectors: false), timeout: 60,
            limits: ResourceLimits(), clock: time.clock)
        let suite = try HiddenSuite(kit: kit.kit, rubric: first.rubric)

        _ = try stage.run(first, suite: suite, slot: slot)
        XCTAssertEqual(time.slept, [], "a slot never built needs no wait")
        let built = try stage.run(second, suite: suite, slot: slot)
        XCTAssertEqual(time.slept.count, 1, "the second submission waited for the next second")
        XCTAssertTrue(try String(contentsOf: source, encoding: .utf8).contains(Self.marker("second")))
        XCTAssertNotNil(built.launcher)

        // A warm build whose last build lies an hour ahead is built again from nothing, and the report says so.
        time.set(time.now - 3600)
        let planted = slot.appendingPathComponent("scratch/planted")
        XCTAssertTrue(FileManager.default.createFile(atPath: planted.path, contents: Data()))
        let again = try stage.run(first, suite: suite, slot: slot)
        XCTAssertFalse(FileManager.default.fileExists(atPath: planted.path), "the scratch folder was removed")
        XCTAssertTrue(
            again.notes.contains("the clock is behind the warm build's last build; built again from nothing"),
            "\(again.notes)")
    }

    // MARK: - Real builds, back to back

    /// Submissions built one right after another in one slot, with no tests between them: without the wait, a
    /// source written in the second the last build recorded is taken as unchanged, and the binary keeps the
    /// previous submission's code (here, on a quiet machine, about one build in two).
    func testBackToBackBuildsInOneSlotEachCompileTheirOwnSources() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let slot = folder("clock-real")
        let names = ["first", "second"]
        let submissions = try names.map { try identified($0, marker: $0, kit: kit) }
        let environment = Checker(kit: kit.kit, options: CheckOptions(), analyzers: .none).prepareEnvironment()
        let stage = BuildStage(
            kit: kit.kit, runner: .live, environment: environment, timeout: 600, limits: ResourceLimits())
        let suite = try HiddenSuite(kit: kit.kit, rubric: submissions[0].rubric)
        for round in 0..<8 {
            let index = round % 2
            let built = try stage.run(submissions[index], suite: suite, slot: slot)
            let binary = try XCTUnwrap(built.outcome.testBinary, "round \(round): \(built.notes)")
            let bytes = try Data(contentsOf: binary)
            XCTAssertNotNil(
                bytes.range(of: Data(Self.marker(names[index]).utf8)), "round \(round) built \(names[index])'s code")
            XCTAssertNil(
                bytes.range(of: Data(Self.marker(names[1 - index]).utf8)),
                "round \(round) kept \(names[1 - index])'s code")
        }
    }

    /// A string literal long enough to be stored as bytes in the binary (short ones live in registers).
    private static func marker(_ name: String) -> String { "grader-build-clock-marker-\(name)" }

    private func identified(_ name: String, marker: String, kit: FixtureKit) throws -> IdentifiedSubmission {
        let fixture = try FixtureSubmission(
            name,
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(
                    label: #"value == 1 ? "1 tap" : (value == -1 ? ""# + Self.marker(marker) + #"" : "\(value) taps")"#),
            ], git: false)
        let work = folder("clock-work-\(name)")
        cleanup.append(fixture.root)
        return try IdentifyStage(kit: kit.kit, loader: SubmissionLoader(), exercise: nil).run(
            fixture.root.path, work: work)
    }
}

/// A clock the test sets; sleeping moves it on.
private final class FakeTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current: TimeInterval
    private var sleeps: [TimeInterval] = []
    /// Called at each sleep, before the time moves on.
    var onSleep: () -> Void = {}

    init(_ start: TimeInterval) { current = start }

    var now: TimeInterval { lock.withLock { current } }
    var slept: [TimeInterval] { lock.withLock { sleeps } }
    func set(_ time: TimeInterval) { lock.withLock { current = time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }

    var clock: BuildClock {
        BuildClock(
            now: { self.now },
            sleep: { seconds in
                self.onSleep()
                self.lock.withLock {
                    self.sleeps.append(seconds)
                    self.current += seconds
                }
            })
    }
}

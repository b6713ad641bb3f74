import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// A warm build must grade the submission written now, never the last one: Swift's driver reads file times in
/// whole seconds on Linux, so nothing is written into a build folder within the second its last build ended
/// (`BuildClock`); a module the submission no longer has is removed from the build; and the folder is shared only
/// where no candidate process can write to it.
final class WarmBuildTests: XCTestCase {
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

    func testWritesWaitForTheSecondAfterTheLastBuildEnded() throws {
        let scratch = try made("clock")
        let time = FakeTime(1000.3)
        let clock = time.clock
        XCTAssertEqual(clock.waitForNextSecond(after: folder("never-built")), .ready)
        XCTAssertEqual(time.slept, [], "nothing built there: nothing to wait for")

        clock.recordEnd(in: scratch)
        time.set(1000.5)
        XCTAssertEqual(clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.now, 1001.01, accuracy: 1e-9, "waited into the next second")
        XCTAssertEqual(time.slept.count, 1)

        XCTAssertEqual(clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.slept.count, 1, "a later second has begun: no second wait")
    }

    func testTheFileSystemsClockDecidesWhenItLagsThisOne() throws {
        let scratch = try made("clock-lag")
        let time = FakeTime(1000.3, fileLag: 0.7)  // file times run 0.7 s behind, as on a share
        time.clock.recordEnd(in: scratch)
        time.set(1001.2)
        XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertGreaterThanOrEqual(time.now - 0.7, 1001, "files written now fall after the second of the end")
    }

    func testAClockSetBackIsToldNotWaitedOut() throws {
        let scratch = try made("clock-back")
        let time = FakeTime(5000.2)
        time.clock.recordEnd(in: scratch)
        time.set(1000)
        XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .unreliable(Self.setBack))
        XCTAssertEqual(time.slept, [], "an hour back is not slept through")

        // Within the tolerance it is waited for.
        time.set(4999.9)
        XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .ready)
        XCTAssertEqual(time.now, 5001.005, accuracy: 0.006, "into the second after the recorded end")

        // Set back while waiting: told at the next look, never slept through.
        time.clock.recordEnd(in: scratch)
        time.set(5001.5)
        time.onSleep = { time.set(1000) }
        let before = time.slept.count
        XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .unreliable(Self.setBack))
        XCTAssertEqual(time.slept.count, before + 1, "one pause, then the look that finds the clock set back")
    }

    func testAFileSystemClockThatStandsStillEndsTheWaitWithinSeconds() throws {
        let scratch = try made("clock-still")
        let time = FakeTime(1000.3, fileTimeStandsStill: true)
        time.clock.recordEnd(in: scratch)
        XCTAssertEqual(
            time.clock.waitForNextSecond(after: scratch),
            .unreliable("the file system's clock does not keep pace with this machine's"))
        XCTAssertLessThanOrEqual(time.slept.reduce(0, +), BuildClock.longestWait + 0.02)
    }

    func testAnUnreadableRecordCountsAsABuildThatJustEnded() throws {
        let scratch = try made("clock-odd")
        for text in ["", "soon", "nan", "inf -inf"] {
            try Data(text.utf8).write(to: BuildClock.stamp(in: scratch))
            let time = FakeTime(1000.4)
            XCTAssertEqual(time.clock.waitForNextSecond(after: scratch), .ready, text)
            XCTAssertEqual(time.now, 1001.01, accuracy: 1e-9, text)
        }
    }

    private static let setBack = "the clock is behind the warm build's last build"

    private func made(_ name: String) throws -> URL {
        let url = folder(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
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

    /// SwiftPM keeps every module's interface in one folder: a submission without the last one's `Helper` module
    /// but still importing it must fail as it does on a cold build, not build against the last candidate's code.
    func testAModuleTheSubmissionNoLongerHasIsNotImportedFromTheLastBuild() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let helper = """
            @_alwaysEmitIntoClient public func helperLabel() -> String { "grader-helper-from-the-last-submission" }
            """
        let counter = FixtureSubmission.counter(label: "helperLabel()", prelude: "import Helper")
        let with = try identified(
            "with-helper", files: ["Sources/Counter/Counter.swift": counter, "Sources/Helper/Helper.swift": helper],
            kit: kit)
        let without = try identified("without-helper", files: ["Sources/Counter/Counter.swift": counter], kit: kit)
        let environment = Checker(kit: kit.kit, options: CheckOptions(), analyzers: .none).prepareEnvironment()
        let stage = BuildStage(
            kit: kit.kit, runner: .live, environment: environment, timeout: 600, limits: ResourceLimits())
        let suite = try HiddenSuite(kit: kit.kit, rubric: with.rubric)
        let slot = folder("vanished")

        let first = try stage.run(with, suite: suite, slot: slot)
        XCTAssertNotNil(first.outcome.testBinary, "\(first.notes)")
        let warm = try stage.run(without, suite: suite, slot: slot)
        let cold = try stage.run(without, suite: suite, slot: folder("vanished-cold"))
        XCTAssertNil(warm.outcome.testBinary, "the warm build found the last submission's Helper")
        XCTAssertTrue(cold.outcome.failure?.contains("no such module 'Helper'") == true, "\(cold.notes)")
        XCTAssertEqual(warm.outcome.failure, cold.outcome.failure)
    }

    /// Under weaker isolation a candidate's tests can write where the next candidate would build: there each
    /// submission of one `check` builds in a folder of its own; under bubblewrap they share one warm folder.
    func testSubmissionsShareABuildFolderOnlyUnderBubblewrap() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let fixtures = try ["one", "two"].map { name in
            try FixtureSubmission(
                name,
                files: [
                    "exercise.json": FixtureSubmission.manifest,
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                ], git: false)
        }
        cleanup += fixtures.map(\.root)
        for isolation in [Sandbox.Isolation.none, .namespaces, .bubblewrap] {
            let scratches = PathLog()
            let runner = ProcessRunner { request in
                let words = [request.executable] + request.arguments
                guard let flag = words.firstIndex(of: "--scratch-path"), flag + 1 < words.count else {
                    return ProcessOutput(status: 1, stdout: "", stderr: "")
                }
                scratches.append(words[flag + 1])
                return ProcessOutput(status: 1, stdout: "", stderr: "error: the fake build fails")
            }
            var options = CheckOptions()
            options.sandbox = Sandbox(isolation: isolation)
            let results = Checker(kit: kit.kit, options: options, runner: runner, analyzers: .none).check(
                fixtures.map(\.root.path))
            XCTAssertEqual(results.count, 2)
            XCTAssertEqual(scratches.paths.count, 2, "\(isolation): one build each")
            XCTAssertEqual(
                Set(scratches.paths).count, isolation == .bubblewrap ? 1 : 2, "\(isolation): \(scratches.paths)")
        }
    }

    /// A string literal long enough to be stored as bytes in the binary (short ones live in registers).
    private static func marker(_ name: String) -> String { "grader-build-clock-marker-\(name)" }

    private func identified(_ name: String, marker: String, kit: FixtureKit) throws -> IdentifiedSubmission {
        let label = #"value == 1 ? "1 tap" : (value == -1 ? ""# + Self.marker(marker) + #"" : "\(value) taps")"#
        return try identified(
            name, files: ["Sources/Counter/Counter.swift": FixtureSubmission.counter(label: label)], kit: kit)
    }

    private func identified(_ name: String, files: [String: String], kit: FixtureKit) throws -> IdentifiedSubmission {
        let fixture = try FixtureSubmission(
            name, files: files.merging(["exercise.json": FixtureSubmission.manifest]) { own, _ in own }, git: false)
        let work = folder("clock-work-\(name)")
        cleanup.append(fixture.root)
        return try IdentifyStage(kit: kit.kit, loader: SubmissionLoader(), exercise: nil).run(
            fixture.root.path, work: work)
    }
}

/// Paths told from several threads.
private final class PathLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var paths: [String] { lock.withLock { stored } }
    func append(_ path: String) { lock.withLock { stored.append(path) } }
}

/// A clock the test sets; sleeping moves it on. File times follow it, `fileLag` behind, or stand still.
private final class FakeTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current: TimeInterval
    private var sleeps: [TimeInterval] = []
    private let fileLag: TimeInterval
    private let stillFileTime: TimeInterval?
    /// Called at each sleep, before the time moves on.
    var onSleep: () -> Void = {}

    init(_ start: TimeInterval, fileLag: TimeInterval = 0, fileTimeStandsStill: Bool = false) {
        current = start
        self.fileLag = fileLag
        stillFileTime = fileTimeStandsStill ? start : nil
    }

    var now: TimeInterval { lock.withLock { current } }
    var slept: [TimeInterval] { lock.withLock { sleeps } }
    func set(_ time: TimeInterval) { lock.withLock { current = time } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }

    var clock: BuildClock {
        BuildClock(
            now: { self.now },
            fileTime: { _ in self.stillFileTime ?? (self.now - self.fileLag) },
            sleep: { seconds in
                self.lock.withLock {
                    self.sleeps.append(seconds)
                    self.current += seconds
                }
                self.onSleep()
            })
    }
}

import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// The stages of `grader check` that need no build, each on its own (Build and Run are exercised end to end by
/// CheckEndToEndTests and the hostile fixtures).
final class StageTests: XCTestCase {
    private var kit: FixtureKit!
    private var cleanup: [URL] = []

    override func setUpWithError() throws { kit = try FixtureKit() }

    override func tearDown() {
        kit.remove()
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
    }

    private func identified(_ files: [String: String], exercise: String? = nil) throws -> IdentifiedSubmission {
        let fixture = try FixtureSubmission("stage", files: files, git: false)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("grader-stage-\(UUID().uuidString)")
        cleanup += [fixture.root, work]
        return try IdentifyStage(kit: kit.kit, loader: SubmissionLoader(), exercise: exercise).run(
            fixture.root.path, work: work)
    }

    func testStagesOfSeveralSubmissionsSayWhoseTheyAre() throws {
        let files = ["exercise.json": FixtureSubmission.manifest, "Sources/Counter/Counter.swift": "struct C {}"]
        let alice = try FixtureSubmission("alice", files: files, git: false)
        let bob = try FixtureSubmission("bob", files: files, git: false)
        cleanup += [alice.root, bob.root]
        let stages = StageLog()
        var options = CheckOptions()
        options.staticOnly = true
        options.stageTimer = { stage, _ in stages.append(stage) }
        let checker = Checker(kit: kit.kit, options: options, analyzers: .none)

        _ = checker.check([alice.root.path, bob.root.path])
        let names = [alice.root.lastPathComponent, bob.root.lastPathComponent]
        XCTAssertEqual(
            Set(stages.values),
            Set(names.flatMap { name in ["identify", "analyze", "score"].map { "\($0) (\(name))" } }))
        stages.values = []
        _ = checker.check([alice.root.path])
        XCTAssertEqual(Set(stages.values), ["identify", "analyze", "score"], "one submission: the stage alone")
    }

    func testIdentifyPrefersTheManifestAndSaysWhenItIgnoresTheOption() throws {
        let result = try identified(
            [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ],
            exercise: "other")
        XCTAssertEqual(result.rubric.exercise, "counter")
        XCTAssertTrue(result.notes.contains("the submission's manifest says 'counter'; --exercise other was ignored"))
    }

    func testIdentifyFallsBackToTheModuleFoldersAndRefusesAStranger() throws {
        let byModules = try identified(["Sources/Counter/Counter.swift": FixtureSubmission.counter()])
        XCTAssertEqual(byModules.rubric.exercise, "counter")
        XCTAssertTrue(byModules.notes.contains("exercise identified from its module folders (no manifest)"))
        XCTAssertThrowsError(try identified(["Sources/Widget/Widget.swift": "struct Widget {}"]))
    }

    func testAnalyzeKeysRuleResultsByCriterionAndRunsIntegrityEveryTime() throws {
        let submission = try identified([
            "exercise.json": FixtureSubmission.manifest,
            "Sources/Counter/Counter.swift": FixtureSubmission.counter(label: "exit(1)"),
        ])
        var received: [String: JSONValue] = [:]
        let box = ParametersBox()
        let analyzers = Analyzers(
            rules: { criteria, _ in
                // Results in reverse order: the stage must not match them by position.
                RulesOutcome(
                    findings: [], results: criteria.reversed().map { .notChecked($0, reason: "by id") }, notes: [])
            },
            history: Analyzers.none.history,
            integrity: { tree, parameters in
                box.set(parameters)
                return Analyzers.integrityFindings(tree, parameters)
            })
        let analysis = AnalyzeStage(kit: kit.kit, analyzers: analyzers).run(submission)
        received = box.value
        XCTAssertEqual(analysis.integrity.map(\.path), ["Sources/Counter/Counter.swift"])
        XCTAssertEqual(analysis.integrity.first?.message, "`exit` ends the process from app code")
        XCTAssertNotNil(received["referenced_types"], "the stage passes the standard names the hidden tests use")
        XCTAssertTrue(analysis.findings.contains(analysis.integrity[0]))
    }

    func testRulesAndHistoryRunBesideTheBuild() throws {
        let submission = try FixtureSubmission(
            "beside",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ], git: false)
        cleanup.append(submission.root)
        let buildStarted = DispatchSemaphore(value: 0)
        let sawBuild = FlagBox()
        let runner = ProcessRunner { request in
            guard request.arguments.contains("--build-tests") else { return try ProcessRunner.live(request) }
            buildStarted.signal()
            return ProcessOutput(status: 1, stdout: "", stderr: "error: the fake build fails")
        }
        let analyzers = Analyzers(
            rules: { criteria, _ in
                // Stages one after another would wait here for a build that has not started, and time out.
                sawBuild.set(buildStarted.wait(timeout: .now() + 120) == .success)
                return RulesOutcome(
                    findings: [], results: criteria.map { .notChecked($0, reason: "fake rules") },
                    notes: ["the fake rules ran"])
            },
            history: Analyzers.none.history, integrity: Analyzers.none.integrity)
        let result = try Checker(kit: kit.kit, options: CheckOptions(), runner: runner, analyzers: analyzers).check(
            submission.root.path)
        XCTAssertTrue(sawBuild.value, "the rules ran while the build was running")
        XCTAssertTrue(result.notes.contains { $0.contains("the fake build fails") }, "\(result.notes)")
        XCTAssertEqual(
            result.notes.filter { $0 == "the fake rules ran" || $0.contains("the fake build fails") }.count, 2,
            "the analysis's notes come first, the build's after: \(result.notes)")
        XCTAssertLessThan(
            result.notes.firstIndex(of: "the fake rules ran") ?? .max,
            result.notes.firstIndex { $0.contains("the fake build fails") } ?? .max)
    }

    /// Swift Testing's listing (a process loading the binary) runs only where a candidate file names the module.
    func testSwiftTestingIsListedOnlyWhereACandidateFileNamesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-testing-\(UUID().uuidString)")
        cleanup.append(folder)
        func write(_ text: String, to path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write(FixtureSubmission.counter(), to: "Sources/Counter/Counter.swift")
        try write(FixtureSubmission.ownXCTests, to: "Tests/CounterTests/CounterTests.swift")
        try write("import Testing\n", to: "Hidden/HiddenSuite/Kit.swift")
        let package = GradingPackage(
            folder: folder,
            modules: [
                .init(name: "Counter", kind: .library, path: "Sources/Counter", dependencies: []),
                .init(name: "CounterTests", kind: .candidateTests, path: "Tests/CounterTests", dependencies: []),
                .init(name: "HiddenSuite", kind: .hidden, path: "Hidden/HiddenSuite", dependencies: []),
            ], notes: [])
        XCTAssertFalse(OwnTestRunner.mayUseSwiftTesting(package), "only the kit's files name Testing")
        for path in ["Tests/CounterTests/StartTests.swift", "Sources/Counter/Reexport.swift"] {
            try write(FixtureSubmission.ownSwiftTests, to: path)
            XCTAssertTrue(OwnTestRunner.mayUseSwiftTesting(package), path)
            try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
        }

        let asked = FlagBox()
        let runner = ProcessRunner { request in
            if request.arguments.contains("swift-testing") { asked.set(true) }
            let listing = request.arguments.contains("--list-tests") ? "CounterTests.CounterTests/testIncrement\n" : ""
            return ProcessOutput(status: 0, stdout: listing, stderr: "")
        }
        let binary = folder.appendingPathComponent("GradedPackageTests.xctest")
        let launcher = TestLauncher(
            command: TestCommand(binary: binary), sandbox: Sandbox(isolation: .none), fingerprint: nil)
        var own = OwnTestRunner(runner: runner, jobs: 1)
        own.batches = false
        let work = folder.appendingPathComponent("work")
        let summary = own.run(
            modules: ["CounterTests"], launcher: launcher, package: folder, workDirectory: work, swiftTesting: false)
        XCTAssertEqual(summary.map(\.total), .success(1))
        XCTAssertFalse(asked.value, "Swift Testing was asked although no candidate file names it")
        _ = own.run(modules: ["CounterTests"], launcher: launcher, package: folder, workDirectory: work)
        XCTAssertTrue(asked.value, "Swift Testing is asked by default")
    }

    func testOwnTestsRunBesideTheHiddenTests() throws {
        let rubric = try identified(["Sources/Counter/Counter.swift": FixtureSubmission.counter()]).rubric
        let suite = try HiddenSuite(kit: kit.kit, rubric: rubric)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("grader-beside-\(UUID().uuidString)")
        cleanup.append(work)
        let binary = work.appendingPathComponent("GradedPackageTests.xctest")
        // Each side waits for the other to have started: only tests in flight together satisfy both.
        let listing = DispatchSemaphore(value: 0)
        let hiddenTest = DispatchSemaphore(value: 0)
        let sawListing = FlagBox()
        let sawHiddenTest = FlagBox()
        let listed = FlagBox()
        let hiddenTestRan = FlagBox()
        let running = RunningCount()
        let runner = ProcessRunner { request in
            running.enter()
            defer { running.leave() }
            if request.arguments.contains("--list-tests"), listed.setFirst() {
                listing.signal()
                sawHiddenTest.set(hiddenTest.wait(timeout: .now() + 120) == .success)
            } else if request.environment["GRADER_RESULT_CHANNEL"] != nil, hiddenTestRan.setFirst() {
                hiddenTest.signal()
                sawListing.set(listing.wait(timeout: .now() + 120) == .success)
            }
            return ProcessOutput(status: 1, stdout: "", stderr: "")
        }
        let package = GradingPackage(
            folder: work,
            modules: [
                .init(name: "CounterTests", kind: .candidateTests, path: "Tests/CounterTests", dependencies: []),
                .init(
                    name: GradingPackage.combinedHiddenModule, kind: .hidden, path: "Hidden/HiddenSuite",
                    dependencies: []),
            ], notes: [])
        let built = BuiltSubmission(
            package: package,
            outcome: BuildOutcome(
                testBinary: binary, brokenRequirements: [:], brokenCandidateTests: [], failure: nil,
                builtModules: ["CounterTests", GradingPackage.combinedHiddenModule], duration: 0),
            launcher: TestLauncher(
                command: TestCommand(binary: binary), sandbox: Sandbox(isolation: .none), fingerprint: nil),
            notes: [])
        let outcome = RunStage(runner: runner, testTimeout: 10, listTimeout: 10, jobs: 2).run(
            built, suite: suite, rubric: rubric, work: work)
        XCTAssertTrue(sawListing.value && sawHiddenTest.value, "the own tests were listed while a hidden test ran")
        XCTAssertEqual(running.most, 2, "hidden and own tests together start no more processes at once than jobs")
        XCTAssertEqual(outcome.tests.count, 6)
        XCTAssertEqual(
            outcome.ownTests.map(\.total),
            .failure(.init(description: "could not list the candidate's tests: the test binary ended with status 1")))
    }

    func testScoreWithholdsHiddenTestPointsWhenTheGradeNeedsReview() throws {
        let submission = try identified([
            "exercise.json": FixtureSubmission.manifest, "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
        ])
        let finding = Finding(
            rule: "integrity", severity: .error, path: "Sources/Counter/Counter.swift", line: 3, column: 1,
            message: "`exit` ends the process from app code")
        let analysis = Analysis(
            rules: [:], findings: [finding],
            history: Analyzers.none.history(
                HistoryRequest(
                    repository: submission.submission.root, baseline: nil, exerciseID: "counter", starter: nil,
                    criterion: nil)),
            integrity: [finding], notes: [])
        let tests = ["CT1CountingTests/test_CT1_startsAtZero", "CT2LabelTests/test_CT2_zeroLabel"].enumerated().map {
            index, name in
            TestResult(name: name, requirement: index == 0 ? "CT1" : "CT2", status: .pass, score: 2, maxScore: 2)
        }
        let run = TestRunOutcome(tests: tests, ownTests: .failure(.init(description: "not checked: none")), notes: [])
        let result = ScoreStage(manualScores: [:]).run(
            submission, analysis: analysis, testRun: run, isolation: "bubblewrap", notes: [])
        XCTAssertFalse(result.passed)
        XCTAssertEqual(result.reviewReasons, ["Sources/Counter/Counter.swift:3: `exit` ends the process from app code"])
        let testCriteria = result.criteria.filter { $0.kind == .tests }
        XCTAssertEqual(testCriteria.map(\.status), [.withheld, .withheld])
        XCTAssertEqual(testCriteria.map(\.score), [0, 0])
        XCTAssertTrue(result.message?.hasPrefix("needs review: ") ?? false, result.message ?? "")

        let staticOnly = ScoreStage(manualScores: [:]).run(
            submission, analysis: analysis, testRun: nil, isolation: nil, notes: [])
        XCTAssertEqual(
            staticOnly.criteria.first { $0.id == "CT1" }?.evidence.last,
            "not checked: --static-only (no build, no tests)")
    }
}

private final class ParametersBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String: JSONValue] = [:]
    var value: [String: JSONValue] { lock.withLock { stored } }
    func set(_ value: [String: JSONValue]) { lock.withLock { stored = value } }
}

private final class FlagBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool { lock.withLock { stored } }
    func set(_ value: Bool) { lock.withLock { stored = value } }
    /// Sets the flag; true for the one caller that found it unset.
    func setFirst() -> Bool {
        lock.withLock {
            defer { stored = true }
            return !stored
        }
    }
}

/// How many fake processes run at once, and the most that ever did.
private final class RunningCount: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0
    private var highest = 0
    var most: Int { lock.withLock { highest } }
    func enter() {
        lock.withLock {
            now += 1
            highest = max(highest, now)
        }
    }
    func leave() { lock.withLock { now -= 1 } }
}

/// Stage names as a check tells them, from any thread.
private final class StageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var values: [String] {
        get { lock.withLock { recorded } }
        set { lock.withLock { recorded = newValue } }
    }

    func append(_ stage: String) { lock.withLock { recorded.append(stage) } }
}

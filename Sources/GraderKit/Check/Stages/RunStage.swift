import Foundation
import GraderCore

/// What the Run stage hands on: every hidden test's result and the candidate's own tests.
public struct TestRunOutcome: Sendable {
    public var tests: [TestResult]
    /// The candidate's own tests and coverage, or why they could not be counted.
    public var ownTests: Result<OwnTestsSummary, OwnTestRunner.Unavailable>
    public var notes: [String]
}

/// Stage 4: run every hidden test in a sandboxed process of its own (in batches where the sandbox allows it), and
/// beside them the candidate's own tests with coverage.
public struct RunStage: Sendable {
    public var runner: ProcessRunner
    public var testTimeout: TimeInterval
    public var listTimeout: TimeInterval
    /// Seconds each of the candidate's own tests may take.
    public var ownTestTimeout: TimeInterval = 30
    public var jobs: Int
    /// Whether hidden tests and the candidate's own tests may run in batches (TestBatches).
    public var batches = true
    /// Whether the hidden and the own tests share their lanes where the build listed the own tests (SharedLanes).
    public var sharesLanes = ProcessInfo.processInfo.environment["GRADER_SHARED_LANES"] != "0"
    /// Told as each hidden test finishes and when the own tests start.
    public var progress: (@Sendable (CheckProgress.Step) -> Void)?

    public init(runner: ProcessRunner, testTimeout: TimeInterval, listTimeout: TimeInterval, jobs: Int) {
        self.runner = runner
        self.testTimeout = testTimeout
        self.listTimeout = listTimeout
        self.jobs = jobs
    }

    public func run(_ built: BuiltSubmission, suite: HiddenSuite, rubric: Rubric, work: URL) -> TestRunOutcome {
        let outcome = built.outcome
        var notes: [String] = []
        // The own tests run beside the hidden ones, through one runner that lets `jobs` processes run at once.
        // Where the build listed the own tests, both kinds run in one set of lanes, each lane's hidden tests first
        // (SharedLanes); else in lanes of their own, which take a hidden lane's place when it is done
        // (docs/performance.md).
        let runner = runner.limited(to: jobs)
        let lanes =
            batches && sharesLanes && outcome.failure == nil && outcome.ownTestIDs != nil
            ? built.launcher.map {
                SharedLanes(parties: 2, launcher: $0, folder: work.appendingPathComponent("batches"))
            } : nil
        let ownTests: BackgroundWork<Result<OwnTestsSummary, OwnTestRunner.Unavailable>>?
        if outcome.failure == nil, let launcher = built.launcher {
            let modules = built.package.modules.filter {
                $0.kind == .candidateTests && outcome.builtModules.contains($0.name)
            }
            var ownRunner = OwnTestRunner(runner: runner, timeout: ownTestTimeout, listTimeout: listTimeout, jobs: jobs)
            ownRunner.batches = batches
            ownRunner.lanes = lanes
            let own = ownRunner
            let package = built.package
            ownTests = BackgroundWork {
                defer { lanes?.leave(party: SharedLanes.own) }
                return own.run(
                    modules: modules.map(\.name), launcher: launcher, package: package.folder, workDirectory: work,
                    // A build that listed the tests found no candidate file naming Swift Testing.
                    swiftTesting: outcome.ownTestIDs == nil && OwnTestRunner.mayUseSwiftTesting(package),
                    listed: outcome.ownTestIDs)
            }
            if let broken = outcome.brokenCandidateTests.first {
                notes.append("the candidate's own tests do not compile: \(broken.formatted)")
            }
        } else {
            ownTests = nil
        }
        var hidden = HiddenTestRunner(runner: runner, timeout: testTimeout, jobs: jobs)
        hidden.batches = batches
        hidden.lanes = lanes
        if let progress = progress { hidden.onFinished = { progress(.hiddenTests(done: $0, total: $1)) } }
        let tests = hidden.run(
            suite: suite, rubric: rubric, build: outcome, launcher: built.launcher, workDirectory: work,
            module: built.package.hiddenModule(for:))
        lanes?.leave(party: SharedLanes.hidden)
        if ownTests != nil { progress?(.ownTests) }
        let own =
            ownTests?.value
            ?? .failure(.init(description: "not checked: \(outcome.failure ?? "no test binary")"))
        return TestRunOutcome(tests: tests, ownTests: own, notes: notes)
    }
}

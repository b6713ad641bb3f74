import Foundation
import GraderCore

/// How `grader check` runs.
public struct CheckOptions: Sendable {
    /// The exercise, when the submission carries no manifest.
    public var exercise: String?
    /// Rules and history only: no build, no tests.
    public var staticOnly: Bool = false
    /// The interviewer's scores for manual criteria, by criterion id.
    public var manualScores: [String: Double] = [:]
    /// Test processes run at once (`defaultJobs` unless set).
    public var jobs: Int = CheckOptions.defaultJobs

    /// Twice the cores and four more: a test that waits (for an expectation, for work a wrong submission never
    /// does) leaves its core idle, and a lane more runs in it. A facts-feed submission without lazy images spends
    /// 13 tests × 2 s waiting: its run stage took 18.9 s at 2 lanes on 2 cores, 4.8 s at 8, 4.9 s at 16, with the
    /// same results; where tests only compute, more lanes cost their start, about 50 ms each (docs/performance.md).
    /// At most one lane per 2 GiB of memory (but never fewer than the cores): each test process may take up to
    /// `ResourceLimits.addressSpaceBytes` (4 GiB) of address space, and rarely uses half.
    public static var defaultJobs: Int {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let memory = Int(min(ProcessInfo.processInfo.physicalMemory >> 31, UInt64(Int.max)))
        return max(cores, min(2 * cores + 4, memory))
    }

    public var testTimeout: TimeInterval = 10
    public var buildTimeout: TimeInterval = 900
    /// Seconds the listing of the candidate's own tests may take.
    public var listTimeout: TimeInterval = 60
    /// Seconds each of the candidate's own tests may take.
    public var ownTestTimeout: TimeInterval = 30
    /// How processes that run candidate code are confined; nil finds the strongest isolation available.
    public var sandbox: Sandbox?
    /// Warm builds kept between runs (the CLI passes the user's cache folder); nil builds in private folders
    /// removed after the run. Used only under bubblewrap (BuildCache).
    public var buildCache: BuildCache?
    /// Keep the work folder (for debugging the grader).
    public var keepWork: Bool = false
    /// Limits on each test process.
    public var limits = ResourceLimits()
    /// Whether hidden and own tests run in batches (a forked process each in one sandbox per lane) where the
    /// sandbox allows it; false runs a sandbox per test. `GRADER_BATCH=0` sets it false (docs/grading.md,
    /// "Batches").
    public var batches = ProcessInfo.processInfo.environment["GRADER_BATCH"] != "0"
    /// Told each stage's name and seconds as it ends (`GRADER_TIMINGS=1` prints them; docs/performance.md).
    public var stageTimer: (@Sendable (String, TimeInterval) -> Void)?
    /// Told when a long step starts or advances (build, each hidden test, own tests); nil tells no one.
    public var progress: (@Sendable (CheckProgress) -> Void)?

    public init() {}
}

/// Grades submissions in five stages with typed hand-offs (docs/architecture.md):
/// Identify → Analyze → Build → Run → Score; reporting is the caller's.
public struct Checker: Sendable {
    public let kit: Kit
    public var options: CheckOptions
    public var runner: ProcessRunner
    public var analyzers: Analyzers
    public var loader: SubmissionLoader

    public init(
        kit: Kit, options: CheckOptions, runner: ProcessRunner = .live, analyzers: Analyzers,
        loader: SubmissionLoader? = nil
    ) {
        self.kit = kit
        self.options = options
        self.runner = runner
        self.analyzers = analyzers
        self.loader = loader ?? SubmissionLoader(runner: runner)
    }

    /// Grades each path, reusing one warm build folder per exercise under bubblewrap (where no candidate process
    /// can write to it; with weaker isolation each submission builds in a folder of its own). Submissions build one
    /// after another; under bubblewrap each one's tests run while the next ones build (at most `runsInFlight` at
    /// once), from a copy of its test binary. With weaker isolation a candidate's tests could write into the next
    /// submission's folders, so each submission is graded to the end, and its processes are gone, before the next
    /// one starts. A path that cannot be graded gets an `error` result saying why; the others are still graded.
    /// Results come in the order of `paths`.
    public func check(_ paths: [String]) -> [GradeResult] {
        let environment = options.staticOnly ? nil : prepareEnvironment()
        let buildCache =
            environment?.sandbox.isolation == .bubblewrap ? try? WorkFolders.make(prefix: "grader-build") : nil
        defer { if let buildCache, !options.keepWork { WorkFolders.remove(buildCache) } }
        defer { options.buildCache?.trim() }
        // One limit for the test processes of every run going at once: `--jobs` stays what runs at once.
        let testRunner = runner.limited(to: options.jobs)
        let inFlight = Self.runsInFlight(under: environment?.sandbox.isolation)
        var results: [BackgroundWork<GradeResult>] = []
        // Each submission is copied and identified while the one before it builds: that step needs no build slot,
        // and beside the runs of earlier submissions it took 0.1-0.6 s each, one after another with the builds
        // (ten facts-feed samples, medians of three: 21.2 s against 21.9 s).
        var identifying = paths.first.map { first in BackgroundWork { Result { try self.identify(first) } } }
        for (index, path) in paths.enumerated() {
            let identified = identifying?.value
            let next = index + 1 < paths.count ? paths[index + 1] : nil
            identifying = next.map { next in BackgroundWork { Result { try self.identify(next) } } }
            // The oldest run still going ends first when too many are.
            if let oldest = results.dropLast(inFlight - 1).last { _ = oldest.value }
            // Stages of submissions that overlap say whose they are: `run (alice)`.
            var checker = self
            if paths.count > 1, let timer = options.stageTimer {
                let name = URL(fileURLWithPath: path).lastPathComponent
                checker.options.stageTimer = { stage, seconds in timer("\(stage) (\(name))", seconds) }
            }
            do {
                let built = try checker.start(
                    path, identified: try identified?.get(), buildCache: buildCache, environment: environment,
                    testRunner: testRunner)
                results.append(BackgroundWork { built.finish() })
            } catch {
                results.append(BackgroundWork(done: couldNotGrade(path, error)))
            }
        }
        return results.map(\.value)
    }

    /// Submissions whose tests run at once in a `check` of several: under bubblewrap three (a run that waits out
    /// its tests' timeouts leaves the processor to the next build; docs/performance.md), else one.
    static func runsInFlight(under isolation: Sandbox.Isolation?) -> Int { isolation == .bubblewrap ? 3 : 1 }

    private func couldNotGrade(_ path: String, _ error: Error) -> GradeResult {
        let message = (error as? GraderError)?.description ?? "\(error)"
        return GradeResult.couldNotGrade(path, exercise: options.exercise ?? "", message: message)
    }

    /// The sandbox and toolchain probe every build and test run of one `check` shares. The sandbox hides the kit,
    /// the home and temporary folders, and the build cache wherever it is (`GRADER_CACHE`): tests never see
    /// another submission's sources, and a build sees only its own slot.
    public func prepareEnvironment() -> CheckEnvironment {
        CheckEnvironment.prepare(runner: runner, sandbox: options.sandbox, hidden: hiddenFolders)
    }

    /// What the sandbox hides from every process it runs.
    var hiddenFolders: [String] {
        [kit.root.path, NSHomeDirectory(), NSTemporaryDirectory()] + (options.buildCache.map { [$0.root.path] } ?? [])
    }

    /// Grades one submission. Throws `GraderError` when the input cannot be graded at all.
    public func check(_ path: String, buildCache: URL? = nil, environment: CheckEnvironment? = nil) throws
        -> GradeResult
    {
        try start(path, buildCache: buildCache, environment: environment, testRunner: runner).finish()
    }

    /// Identifies and builds `path` (rules and history start beside the build); `finish()` runs the tests and
    /// scores, starting its test processes through `testRunner`. Once this returns, the build slot is free for the
    /// next submission.
    /// `path` copied into a work folder of its own and identified (the Identify stage), ahead of its build.
    struct Identified: Sendable {
        var work: URL
        var submission: IdentifiedSubmission
        var seconds: TimeInterval
    }

    /// Copies and identifies `path` in a new work folder, which goes again if that fails.
    func identify(_ path: String) throws -> Identified {
        let work = try WorkFolders.make()
        do {
            let start = Date()
            let identified = try IdentifyStage(kit: kit, loader: loader, exercise: options.exercise).run(
                path, work: work)
            return Identified(work: work, submission: identified, seconds: Date().timeIntervalSince(start))
        } catch {
            if !options.keepWork { WorkFolders.remove(work) }
            throw error
        }
    }

    /// Identifies (unless `identified` is `path` already identified), builds and starts the analysis of `path`.
    func start(
        _ path: String, identified ready: Identified? = nil, buildCache: URL?, environment: CheckEnvironment?,
        testRunner: ProcessRunner
    ) throws -> StartedCheck {
        // Prepared first: its toolchain probe runs while the submission is unpacked.
        let environment = options.staticOnly ? nil : environment ?? prepareEnvironment()
        let copied = try ready ?? identify(path)
        let work = copied.work
        let identified = copied.submission
        var removesWork = !options.keepWork
        defer { if removesWork { WorkFolders.remove(work) } }
        options.stageTimer?("identify", copied.seconds)
        var started = Date()
        func lap(_ stage: String) {
            options.stageTimer?(stage, Date().timeIntervalSince(started))
            started = Date()
        }
        // Rules and history need no build: they run beside it, on a thread of their own.
        let analyze = AnalyzeStage(kit: kit, analyzers: analyzers)
        let analyzing = BackgroundWork { () -> (Analysis, TimeInterval) in
            let start = Date()
            return (analyze.run(identified), Date().timeIntervalSince(start))
        }
        // Whatever ends the check here, the analysis ends first: it reads the copy this run removes.
        var endsAnalysis = true
        defer { if endsAnalysis { _ = analyzing.value } }
        var built: (BuiltSubmission, HiddenSuite, CheckEnvironment)?
        if let environment {
            let suite = try HiddenSuite(kit: kit, rubric: identified.rubric)
            let build = BuildStage(
                kit: kit, runner: runner, environment: environment, timeout: options.buildTimeout,
                limits: options.limits)
            // The user's warm build for this exercise and kit when it is free and safe to share, else this run's.
            let lease =
                environment.sandbox.isolation == .bubblewrap
                ? options.buildCache?.lease(BuildCache.key(kit: kit, rubric: identified.rubric)) : nil
            defer { lease?.release() }
            let slot = lease?.slot ?? (buildCache ?? work).appendingPathComponent(identified.rubric.exercise)
            lap("prepare")
            options.progress?(CheckProgress(submission: path, step: .building))
            let submission = try build.run(
                identified, suite: suite, slot: slot, binaryFolder: work.appendingPathComponent("test-binary"))
            built = (submission, suite, environment)
            lap("build")
        }
        removesWork = false
        endsAnalysis = false
        return StartedCheck(
            checker: self, path: path, work: work, identified: identified, analyzing: analyzing, built: built,
            testRunner: testRunner)
    }
}

/// A submission identified and built, its analysis running: `finish()` runs its tests, scores it and removes its
/// work folder.
struct StartedCheck: Sendable {
    let checker: Checker
    let path: String
    let work: URL
    let identified: IdentifiedSubmission
    let analyzing: BackgroundWork<(Analysis, TimeInterval)>
    let built: (submission: BuiltSubmission, suite: HiddenSuite, environment: CheckEnvironment)?
    let testRunner: ProcessRunner

    func finish() -> GradeResult {
        let options = checker.options
        defer { if !options.keepWork { WorkFolders.remove(work) } }
        // The analysis reads the copy this run removes: it ends first, whatever happens.
        defer { _ = analyzing.value }
        var started = Date()
        var testRun: TestRunOutcome?
        var isolation: String?
        var notes: [String] = []
        if let built {
            var run = RunStage(
                runner: testRunner, testTimeout: options.testTimeout, listTimeout: options.listTimeout,
                jobs: options.jobs)
            run.batches = options.batches
            run.ownTestTimeout = options.ownTestTimeout
            if let progress = options.progress {
                let path = path
                run.progress = { progress(CheckProgress(submission: path, step: $0)) }
            }
            testRun = run.run(built.submission, suite: built.suite, rubric: identified.rubric, work: work)
            options.stageTimer?("run", Date().timeIntervalSince(started))
            started = Date()
            notes += built.submission.notes + (testRun?.notes ?? [])
            isolation = built.environment.sandbox.isolation.rawValue
        }
        let (analysis, analyzed) = analyzing.value
        // Told here, not from the analysis's thread, so it never cuts into a progress line.
        options.stageTimer?("analyze", analyzed)
        notes = identified.notes + analysis.notes + notes
        let result = ScoreStage(manualScores: options.manualScores).run(
            identified, analysis: analysis, testRun: testRun, isolation: isolation, notes: notes)
        options.stageTimer?("score", Date().timeIntervalSince(started))
        return result
    }
}

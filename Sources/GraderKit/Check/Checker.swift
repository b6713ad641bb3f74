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
    /// Test processes run at once.
    public var jobs: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
    public var testTimeout: TimeInterval = 10
    public var buildTimeout: TimeInterval = 900
    /// Seconds the listing of the candidate's own tests may take.
    public var listTimeout: TimeInterval = 60
    /// How processes that run candidate code are confined; nil finds the strongest isolation available.
    public var sandbox: Sandbox?
    /// Keep the work folder (for debugging the grader).
    public var keepWork: Bool = false
    /// Limits on each test process.
    public var limits = ResourceLimits()

    public init() {}
}

/// Grades submissions: unpack → identify → static rules → history → build → hidden tests → own tests → score.
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

    /// Grades several submissions, one after another, reusing one warm build folder per exercise.
    /// Input problems of one submission become an `error` result for it; the others are still graded.
    public func check(_ paths: [String]) -> [GradeResult] {
        let buildCache = try? WorkFolders.make(prefix: "grader-build")
        defer { if let buildCache, !options.keepWork { WorkFolders.remove(buildCache) } }
        let environment = options.staticOnly ? nil : prepareEnvironment()
        return paths.map { path in
            do {
                return try check(path, buildCache: buildCache, environment: environment)
            } catch let error as GraderError {
                return Self.errorResult(path, exercise: options.exercise ?? "", message: error.description)
            } catch {
                return Self.errorResult(path, exercise: options.exercise ?? "", message: "\(error)")
            }
        }
    }

    /// What every build and test run of one `check` shares: the sandbox and the toolchain's abilities.
    public struct Environment: Sendable {
        public var sandbox: Sandbox
        /// Whether hidden files are rewritten with module selectors (`XCTest::XCTAssertEqual`).
        public var moduleSelectors: Bool
    }

    /// Finds the sandbox (unless one was given) and probes the toolchain, once per `check`.
    public func prepareEnvironment() -> Environment {
        var hidden = [kit.root.path, NSHomeDirectory(), NSTemporaryDirectory()]
        hidden = hidden.filter { !$0.isEmpty && $0 != "/" }
        let sandbox = options.sandbox ?? Sandbox.detect(runner: runner, hidden: hidden)
        // Without a PID namespace, a daemon escapes the run's tree: adopt orphans to kill them after each run.
        if sandbox.isolation == .none { RunningProcesses.adoptOrphans() }
        return Environment(
            sandbox: sandbox, moduleSelectors: HiddenSourceQualifier.toolchainSupportsModuleSelectors(runner: runner))
    }

    /// Grades one submission. Throws `GraderError` when the input cannot be graded at all.
    public func check(_ path: String, buildCache: URL? = nil, environment: Environment? = nil) throws -> GradeResult {
        let work = try WorkFolders.make()
        defer { if !options.keepWork { WorkFolders.remove(work) } }
        let submission = try loader.load(path, into: work.appendingPathComponent("submission"))
        let (rubric, baseline, identification) = try identify(submission)
        var notes = submission.notes + identification

        // Static rules and history need no build.
        let ruleCriteria = rubric.criteria.filter { $0.kind == .rule }
        let rules = analyzers.rules(ruleCriteria, submission.tree)
        notes += rules.notes
        let historyCriterion = rubric.criteria.first { $0.kind == .history }
        let history = analyzers.history(
            HistoryRequest(
                repository: submission.root, baseline: baseline, exerciseID: rubric.exercise,
                starter: kit.startingPoint(for: rubric), criterion: historyCriterion))
        notes += history.summary.problems.map { "history: \($0)" }
        let integrity = analyzers.integrity(submission.tree)

        // Build and test.
        let suite = try HiddenSuite(kit: kit, rubric: rubric)
        var tests: [TestResult] = []
        var ownTests: OwnTestsSummary?
        var notChecked: String?
        var ownNotChecked: String?
        var isolation: String?
        if options.staticOnly {
            notChecked = "not checked: --static-only (no build, no tests)"
            ownNotChecked = notChecked
        } else {
            let environment = environment ?? prepareEnvironment()
            isolation = environment.sandbox.isolation.rawValue
            let slot = (buildCache ?? work).appendingPathComponent(rubric.exercise)
            let packageFolder = slot.appendingPathComponent("package")
            let writer = GradingPackageWriter.qualifying(
                kit: kit, rubric: rubric, moduleSelectors: environment.moduleSelectors)
            let builder = Builder(runner: runner, timeout: options.buildTimeout, sandbox: environment.sandbox)
            let scratch = slot.appendingPathComponent("scratch")
            var package = try writer.write(submission: submission.tree, to: packageFolder)
            var build = try builder.build(package, at: packageFolder, scratch: scratch)
            if build.needsSplitHiddenSuite {
                // The suite does not compile as a whole: one target per requirement, so only the broken ones are lost.
                package = try writer.write(submission: submission.tree, to: packageFolder, combineHidden: false)
                build = try builder.build(package, at: packageFolder, scratch: scratch)
            }
            notes += package.notes
            if let failure = build.failure { notes.append(failure) }
            notes += environment.sandbox.notes
            if !environment.moduleSelectors {
                notes.append(
                    "hidden tests were compiled without module selectors (Swift 6.3 or later protects their assertions)"
                )
            }
            let launcher = build.testBinary.map { binary in
                TestLauncher(
                    command: TestCommand(binary: binary), sandbox: environment.sandbox, limits: options.limits,
                    fingerprint: BinaryFingerprint.take(binary, runner: runner))
            }
            if let launcher, launcher.fingerprint == nil {
                notes.append(
                    "the test binary could not be fingerprinted (no sha256sum or shasum): changes to it go unnoticed")
            }
            tests = HiddenTestRunner(runner: runner, timeout: options.testTimeout, jobs: options.jobs).run(
                suite: suite, rubric: rubric, build: build, launcher: launcher, workDirectory: work,
                module: package.hiddenModule(for:))
            let candidateTestModules = package.modules.filter { $0.kind == .candidateTests }.map(\.name)
                .filter { build.builtModules.contains($0) }
            if let failure = build.failure {
                ownNotChecked = "not checked: \(failure)"
            } else if let launcher {
                let own = OwnTestRunner(runner: runner, listTimeout: options.listTimeout, jobs: options.jobs).run(
                    modules: candidateTestModules, launcher: launcher, package: packageFolder, workDirectory: work)
                switch own {
                case .success(let summary): ownTests = summary
                case .failure(let problem): ownNotChecked = problem.description
                }
                if !build.brokenCandidateTests.isEmpty {
                    notes.append("the candidate's own tests do not compile: \(build.brokenCandidateTests[0].formatted)")
                }
            }
        }

        // Review: integrity findings and tampered results hold back the automatic test points.
        var needsReview = integrity.map { "\($0.path):\($0.line): \($0.message)" }
        needsReview += tests.filter { $0.tampered == true }.map { "\($0.name): \($0.message ?? "tampered")" }

        // Score.
        let scorer = Scorer(rubric: rubric)
        var ruleResults = rules.results.makeIterator()
        var manualReview: [ManualItem] = []
        let evidence = ManualEvidence.lines(for: submission.tree)
        let criteria = rubric.criteria.map { criterion -> CriterionResult in
            switch criterion.kind {
            case .tests:
                let result = scorer.testsResult(criterion, tests: tests, notChecked: notChecked)
                return needsReview.isEmpty ? result : Scorer.withheld(result)
            case .rule: return ruleResults.next() ?? .notChecked(criterion, reason: "rule not run")
            case .history: return history.result ?? .notChecked(criterion, reason: "history not analysed")
            case .coverage: return scorer.coverageResult(criterion, summary: ownTests, notChecked: ownNotChecked)
            case .manual:
                let score = options.manualScores[criterion.id]
                manualReview.append(
                    ManualItem(
                        id: criterion.id, title: criterion.title, points: criterion.points,
                        checklist: criterion.checklist ?? [], evidence: evidence, score: score))
                return scorer.manualResult(criterion, score: score, evidence: [])
            }
        }
        let verdict = scorer.verdict(criteria)
        if let note = verdict.note { notes.append(note) }
        let passed = verdict.passed && needsReview.isEmpty
        let percent = verdict.maxScore > 0 ? verdict.score / verdict.maxScore * 100 : 0
        let standing = !needsReview.isEmpty ? "needs review" : (passed ? "passed" : "below the pass mark")
        var message =
            "\(standing): \(Scorer.format(verdict.score))/\(Scorer.format(verdict.maxScore)) points (\(Scorer.format((percent * 10).rounded() / 10))%; pass mark \(Scorer.format(rubric.passPercent))%)"
        if !needsReview.isEmpty {
            message +=
                "; hidden-test points withheld: "
                + (needsReview.count == 1 ? needsReview[0] : "\(needsReview.count) reasons")
        }
        return GradeResult(
            graderVersion: GraderCLI.version, status: passed ? .pass : .fail, message: message,
            exercise: rubric.exercise, submission: path, passed: passed, score: verdict.score,
            maxScore: verdict.maxScore, passPercent: rubric.passPercent, criteria: criteria, tests: tests,
            findings: Self.merged(rules.findings, integrity), history: history.summary, ownTests: ownTests,
            manualReview: manualReview, followUpQuestions: rubric.followUpQuestions ?? [], notes: notes,
            needsReview: needsReview, isolation: isolation)
    }

    /// The rubric, the baseline commit, and notes on how the exercise was identified.
    func identify(_ submission: Submission) throws -> (Rubric, String?, [String]) {
        let known = kit.exerciseIDs()
        let manifest = submission.workspaceManifest
        let fromFiles = manifest?.exercise ?? submission.exerciseManifest?.exercise
        var notes: [String] = []
        let id: String
        if let fromFiles {
            id = fromFiles
            if let asked = options.exercise, asked != fromFiles {
                notes.append("the submission's manifest says '\(fromFiles)'; --exercise \(asked) was ignored")
            }
        } else if let asked = options.exercise {
            id = asked
        } else if let fromHistory = loader.exerciseFromHistory(submission.root) {
            id = fromHistory
            notes.append("exercise identified from the baseline commit's Grader-Exercise trailer")
        } else if let fromModules = try exerciseFromModules(submission.tree) {
            id = fromModules
            notes.append("exercise identified from its module folders (no manifest)")
        } else {
            throw GraderError.exerciseNotIdentified(submission.original, known: known)
        }
        guard known.contains(id) else { throw GraderError.unknownExercise(id, known: known) }
        if let task = manifest?.task {
            notes.append("pair session: graded on task '\(task)'")
            return (try kit.rubric(id, task: task), manifest?.baseline, notes)
        }
        return (try kit.rubric(id), manifest?.baseline, notes)
    }

    /// The one exercise whose modules all have a `Sources/<Module>` folder in the submission, if exactly one does.
    func exerciseFromModules(_ tree: SourceTree) throws -> String? {
        let folders = Set(
            tree.files.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count >= 3 && parts[0] == "Sources" ? String(parts[1]) : nil
            })
        let matches = try kit.rubrics().filter { !$0.modules.isEmpty && Set($0.modules).isSubset(of: folders) }
        return matches.count == 1 ? matches[0].exercise : nil
    }

    /// Rule findings and integrity findings, sorted as the rule engine sorts them.
    static func merged(_ findings: [Finding], _ integrity: [Finding]) -> [Finding] {
        (findings + integrity.filter { !findings.contains($0) }).sorted {
            ($0.path, $0.line, $0.column, $0.rule, $0.message) < ($1.path, $1.line, $1.column, $1.rule, $1.message)
        }
    }

    static func errorResult(_ path: String, exercise: String, message: String) -> GradeResult {
        GradeResult(
            graderVersion: GraderCLI.version, status: .error, message: message, exercise: exercise, submission: path,
            passed: false, score: 0, maxScore: 0, passPercent: 0, criteria: [], tests: [], findings: [], history: nil,
            ownTests: nil, manualReview: [], followUpQuestions: [], notes: [message])
    }
}

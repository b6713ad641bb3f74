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

    public init(kit: Kit, options: CheckOptions, runner: ProcessRunner = .live, analyzers: Analyzers, loader: SubmissionLoader? = nil) {
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
        return paths.map { path in
            do {
                return try check(path, buildCache: buildCache)
            } catch let error as GraderError {
                return Self.errorResult(path, exercise: options.exercise ?? "", message: error.description)
            } catch {
                return Self.errorResult(path, exercise: options.exercise ?? "", message: "\(error)")
            }
        }
    }

    /// Grades one submission. Throws `GraderError` when the input cannot be graded at all.
    public func check(_ path: String, buildCache: URL? = nil) throws -> GradeResult {
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

        // Build and test.
        let suite = try HiddenSuite(kit: kit, rubric: rubric)
        var tests: [TestResult] = []
        var ownTests: OwnTestsSummary?
        var notChecked: String?
        var ownNotChecked: String?
        if options.staticOnly {
            notChecked = "not checked: --static-only (no build, no tests)"
            ownNotChecked = notChecked
        } else {
            let slot = (buildCache ?? work).appendingPathComponent(rubric.exercise)
            let packageFolder = slot.appendingPathComponent("package")
            let writer = GradingPackageWriter(kit: kit, rubric: rubric)
            let builder = Builder(runner: runner, timeout: options.buildTimeout)
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
            let isolation = NetworkIsolation.prefix(runner: runner)
            let limits = options.limits.prefix(runner: runner)
            notes += [isolation.note, limits.note].compactMap { $0 }
            let command = build.testBinary.map { TestCommand(binary: $0, prefix: isolation.prefix + limits.prefix) }
            tests = HiddenTestRunner(runner: runner, timeout: options.testTimeout, jobs: options.jobs).run(
                suite: suite, rubric: rubric, build: build, command: command, workDirectory: work,
                module: package.hiddenModule(for:))
            let candidateTestModules = package.modules.filter { $0.kind == .candidateTests }.map(\.name)
                .filter { build.builtModules.contains($0) }
            if let failure = build.failure {
                ownNotChecked = "not checked: \(failure)"
            } else if let command {
                ownTests = OwnTestRunner(runner: runner, jobs: options.jobs).run(
                    modules: candidateTestModules, command: command, package: packageFolder, workDirectory: work)
                if !build.brokenCandidateTests.isEmpty {
                    notes.append("the candidate's own tests do not compile: \(build.brokenCandidateTests[0].formatted)")
                }
            }
        }

        // Score.
        let scorer = Scorer(rubric: rubric)
        var ruleResults = rules.results.makeIterator()
        var manualReview: [ManualItem] = []
        let evidence = ManualEvidence.lines(for: submission.tree)
        let criteria = rubric.criteria.map { criterion -> CriterionResult in
            switch criterion.kind {
            case .tests: return scorer.testsResult(criterion, tests: tests, notChecked: notChecked)
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
        let percent = verdict.maxScore > 0 ? verdict.score / verdict.maxScore * 100 : 0
        let message =
            "\(verdict.passed ? "passed" : "below the pass mark"): \(Scorer.format(verdict.score))/\(Scorer.format(verdict.maxScore)) points (\(Scorer.format((percent * 10).rounded() / 10))%; pass mark \(Scorer.format(rubric.passPercent))%)"
        return GradeResult(
            graderVersion: GraderCLI.version, status: verdict.passed ? .pass : .fail, message: message,
            exercise: rubric.exercise, submission: path, passed: verdict.passed, score: verdict.score,
            maxScore: verdict.maxScore, passPercent: rubric.passPercent, criteria: criteria, tests: tests,
            findings: rules.findings, history: history.summary, ownTests: ownTests, manualReview: manualReview,
            followUpQuestions: rubric.followUpQuestions ?? [], notes: notes)
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
        let folders = Set(tree.files.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count >= 3 && parts[0] == "Sources" ? String(parts[1]) : nil
        })
        let matches = try kit.rubrics().filter { !$0.modules.isEmpty && Set($0.modules).isSubset(of: folders) }
        return matches.count == 1 ? matches[0].exercise : nil
    }

    static func errorResult(_ path: String, exercise: String, message: String) -> GradeResult {
        GradeResult(
            graderVersion: GraderCLI.version, status: .error, message: message, exercise: exercise, submission: path,
            passed: false, score: 0, maxScore: 0, passPercent: 0, criteria: [], tests: [], findings: [], history: nil,
            ownTests: nil, manualReview: [], followUpQuestions: [], notes: [message])
    }
}

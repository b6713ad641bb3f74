import Foundation
import GraderCore
import GraderKit

/// `grader verify`: the kit is consistent — each solution gets every automatic point it can, each starter
/// builds and scores at most `starterShare` of the hidden tests, Exercises/ is in sync with Solutions/, and
/// each pair task is fair: the session as `grader pair` writes it scores at most `starterShare` of the task's
/// tests, and with the task's `reference.patch` applied it passes every one.
public struct Verifier: Sendable {
    public let kit: Kit
    public var options: CheckOptions
    public var analyzers: Analyzers
    public var runner: ProcessRunner
    /// The most a starter may score, as a share of the hidden tests.
    public var starterShare: Double = 0.2
    /// Whether to prove each requirement in isolation (the requirement matrix).
    public var matrix = true

    public init(kit: Kit, options: CheckOptions, runner: ProcessRunner = .live, analyzers: Analyzers) {
        self.kit = kit
        self.options = options
        self.runner = runner
        self.analyzers = analyzers
    }

    public struct Report: Sendable {
        public var exercise: String
        public var solution: GradeResult?
        public var starter: GradeResult?
        public var problems: [String]
    }

    /// The change that completes a pair task, as `git diff` of a session: proof that its hidden tests can pass.
    public static let referencePatch = "reference.patch"

    /// Verifies exercise `id`, reporting progress through `log`.
    public func verify(_ id: String, log: (String) -> Void) throws -> Report {
        var problems: [String] = []
        let drift = try StarterGenerator(kit: kit).drift(id)
        if !drift.isEmpty {
            problems.append(
                "Exercises/\(id) is out of sync with Solutions/\(id) (run 'swift run grader sync-exercises'): \(drift.prefix(3).joined(separator: "; "))"
            )
        }
        var options = self.options
        options.exercise = id
        let checker = Checker(kit: kit, options: options, runner: runner, analyzers: analyzers)
        // Pair sessions are graded as an interviewer grades one: by their manifest, which names the task
        // (--exercise would pin the exercise's own rubric).
        var sessionOptions = self.options
        sessionOptions.exercise = nil
        let sessionChecker = Checker(kit: kit, options: sessionOptions, runner: runner, analyzers: analyzers)
        let work = try WorkFolders.make(prefix: "grader-verify")
        defer { WorkFolders.remove(work) }
        var pairs: [PairSessions] = []
        for task in kit.pairTaskIDs(id) {
            switch try preparePairTask(id, task, in: work) {
            case .success(let sessions): pairs.append(sessions)
            case .failure(let problem): problems.append(problem.description)
            }
        }

        // One build folder for all, so the starter, the pair sessions and the requirement matrix are graded on
        // the solution's warm build.
        let buildCache = try WorkFolders.make(prefix: "grader-verify-build")
        defer { WorkFolders.remove(buildCache) }
        let environment = checker.prepareEnvironment()
        let sessions = Set(pairs.flatMap { [$0.fresh.path, $0.done.path] })
        let results =
            ([kit.solution(id).path, kit.starter(id).path] + pairs.flatMap { [$0.fresh.path, $0.done.path] })
            .map { path in
                do {
                    return try (sessions.contains(path) ? sessionChecker : checker).check(
                        path, buildCache: buildCache, environment: environment)
                } catch {
                    return GradeResult.couldNotGrade(path, exercise: id, message: "\(error)")
                }
            }
        let solution = results[0]
        if solution.status == .error { problems.append("the solution could not be graded: \(solution.message ?? "")") }
        let solutionTests = solution.tests
        let solutionPassed = solutionTests.filter { $0.status == .pass }.count
        log("\(id): solution passes \(solutionPassed)/\(solutionTests.count) hidden tests")
        for test in solutionTests where test.status != .pass {
            problems.append("solution fails \(test.name): \(test.message ?? test.status.rawValue)")
        }
        problems += Self.thinRequirements(solutionTests, of: try kit.rubric(id))
        for criterion in solution.criteria
        where [.tests, .rule, .coverage].contains(criterion.kind) && criterion.status != .passed {
            problems.append(
                "solution scores \(Figures.plain(criterion.score))/\(Figures.plain(criterion.maxScore)) on \(criterion.id): \(criterion.evidence.prefix(2).joined(separator: "; "))"
            )
        }
        for finding in solution.findings.prefix(5) {
            problems.append("solution: \(finding.formatted)")
        }

        let starter = results[1]
        if starter.status == .error { problems.append("the starter could not be graded: \(starter.message ?? "")") }
        let starterPassed = starter.tests.filter { $0.status == .pass }.count
        let share = starter.tests.isEmpty ? 0 : Double(starterPassed) / Double(starter.tests.count)
        log(
            "\(id): starter passes \(starterPassed)/\(starter.tests.count) hidden tests (\(Figures.plain((share * 1000).rounded() / 10))%)"
        )
        if starter.notes.contains(where: { $0.contains("does not compile") || $0.hasPrefix("the build failed") }) {
            problems.append(
                "the starter does not build: \(starter.notes.first { $0.contains("compile") || $0.contains("build") } ?? "")"
            )
        }
        if share > starterShare {
            problems.append(
                "the starter passes \(starterPassed) of \(starter.tests.count) hidden tests, over \(Int(starterShare * 100))%"
            )
        }
        for (index, pair) in pairs.enumerated() {
            problems += try pairTaskProblems(
                pair, fresh: results[2 + 2 * index], done: results[3 + 2 * index], log: log)
        }
        if matrix {
            let grader = VariantGrader(kit: kit, runner: runner, options: options, environment: environment)
            let proof = try grader.requirementMatrix(
                id, slot: buildCache.appendingPathComponent(id), work: work.appendingPathComponent("matrix"))
            log("\(id): requirement matrix (rows: a requirement's solution stubbed; columns: hidden tests passed)")
            for line in proof.lines { log("  " + line) }
            problems += proof.problems
        }
        for problem in problems { log("  ✗ \(problem)") }
        if problems.isEmpty { log("\(id): OK") }
        return Report(exercise: id, solution: solution, starter: starter, problems: problems)
    }

    /// "<REQ> has n hidden tests; at least 3 expected" for each requirement of `rubric` with fewer than three.
    static func thinRequirements(_ tests: [TestResult], of rubric: Rubric) -> [String] {
        let perRequirement = Dictionary(grouping: tests, by: \.requirement).mapValues(\.count)
        return rubric.requirements.map(\.id).filter { (perRequirement[$0] ?? 0) < 3 }.map {
            "\($0) has \(perRequirement[$0] ?? 0) hidden tests; at least 3 expected"
        }
    }

    /// Two sessions of one pair task: as `grader pair` writes it, and with the reference patch applied.
    struct PairSessions {
        var exercise: String
        var task: String
        var fresh: URL
        var done: URL
        var name: String { "\(exercise)/\(task)" }
    }

    /// A problem that stops a pair task from being graded at all.
    struct PairTaskProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// The problems of pair task `task` of exercise `id`, graded on its own (`verify` grades every task of an
    /// exercise in the exercise's run instead).
    public func verifyPairTask(_ id: String, _ task: String, log: (String) -> Void) throws -> [String] {
        let work = try WorkFolders.make(prefix: "grader-verify-pair")
        defer { WorkFolders.remove(work) }
        switch try preparePairTask(id, task, in: work) {
        case .failure(let problem):
            return [problem.description]
        case .success(let pair):
            let results = Checker(kit: kit, options: options, runner: runner, analyzers: analyzers)
                .check([pair.fresh.path, pair.done.path])
            return try pairTaskProblems(pair, fresh: results[0], done: results[1], log: log)
        }
    }

    /// Writes the two sessions of pair task `task` under `work`.
    func preparePairTask(_ id: String, _ task: String, in work: URL) throws -> Result<PairSessions, PairTaskProblem> {
        let pair = PairSessions(
            exercise: id, task: task, fresh: work.appendingPathComponent("\(task)-fresh"),
            done: work.appendingPathComponent("\(task)-done"))
        let patch = kit.pairTask(id, task).appendingPathComponent(Self.referencePatch)
        guard FileManager.default.fileExists(atPath: patch.path) else {
            return .failure(
                .init(
                    description:
                        "pair task \(pair.name) has no \(Self.referencePatch): nothing proves its hidden tests can pass"
                ))
        }
        let creator = WorkspaceCreator(kit: kit, runner: runner)
        try creator.createPair(exercise: id, task: task, at: pair.fresh)
        try creator.createPair(exercise: id, task: task, at: pair.done)
        do {
            try creator.git(["apply", "--whitespace=nowarn", patch.path], in: pair.done)
        } catch {
            return .failure(
                .init(
                    description:
                        "pair task \(pair.name): \(Self.referencePatch) no longer applies to the solution (\(error))"))
        }
        return .success(pair)
    }

    /// The reference passes every task test, at least three per requirement; the fresh session at most
    /// `starterShare` of them.
    func pairTaskProblems(
        _ pair: PairSessions, fresh session: GradeResult, done reference: GradeResult, log: (String) -> Void
    ) throws -> [String] {
        let name = pair.name
        var problems: [String] = []
        let passed = reference.tests.filter { $0.status == .pass }.count
        log("\(name): reference passes \(passed)/\(reference.tests.count) task tests")
        for test in reference.tests where test.status != .pass {
            problems.append(
                "pair task \(name): the reference fails \(test.name): \(test.message ?? test.status.rawValue)")
        }
        problems += Self.thinRequirements(reference.tests, of: try kit.rubric(pair.exercise, task: pair.task))
            .map { "pair task \(name): \($0)" }
        if session.status == .error {
            problems.append("pair task \(name): the fresh session could not be graded: \(session.message ?? "")")
        }
        let sessionPassed = session.tests.filter { $0.status == .pass }.count
        log("\(name): fresh session passes \(sessionPassed)/\(session.tests.count) task tests")
        if Double(sessionPassed) > Double(session.tests.count) * starterShare {
            problems.append(
                "pair task \(name): the fresh session already passes \(sessionPassed) of \(session.tests.count) task tests"
            )
        }
        return problems
    }
}

import Foundation
import GraderCore

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
            problems.append("Exercises/\(id) is out of sync with Solutions/\(id) (run 'swift run grader sync-exercises'): \(drift.prefix(3).joined(separator: "; "))")
        }
        var options = self.options
        options.exercise = id
        let checker = Checker(kit: kit, options: options, runner: runner, analyzers: analyzers)

        // One run for both, so the starter is graded on the solution's warm build.
        let results = checker.check([kit.solution(id).path, kit.starter(id).path])
        let solution = results[0]
        if solution.status == .error { problems.append("the solution could not be graded: \(solution.message ?? "")") }
        let solutionTests = solution.tests
        let solutionPassed = solutionTests.filter { $0.status == .pass }.count
        log("\(id): solution passes \(solutionPassed)/\(solutionTests.count) hidden tests")
        for test in solutionTests where test.status != .pass {
            problems.append("solution fails \(test.name): \(test.message ?? test.status.rawValue)")
        }
        let requirements = try kit.rubric(id).requirements.map(\.id)
        let perRequirement = Dictionary(grouping: solutionTests, by: \.requirement).mapValues(\.count)
        for requirement in requirements where (perRequirement[requirement] ?? 0) < 3 {
            problems.append("\(requirement) has \(perRequirement[requirement] ?? 0) hidden tests; at least 3 expected")
        }
        for criterion in solution.criteria where [.tests, .rule, .coverage].contains(criterion.kind) && criterion.status != .passed {
            problems.append("solution scores \(Scorer.format(criterion.score))/\(Scorer.format(criterion.maxScore)) on \(criterion.id): \(criterion.evidence.prefix(2).joined(separator: "; "))")
        }
        for finding in solution.findings.prefix(5) {
            problems.append("solution: \(finding.formatted)")
        }

        let starter = results[1]
        if starter.status == .error { problems.append("the starter could not be graded: \(starter.message ?? "")") }
        let starterPassed = starter.tests.filter { $0.status == .pass }.count
        let share = starter.tests.isEmpty ? 0 : Double(starterPassed) / Double(starter.tests.count)
        log("\(id): starter passes \(starterPassed)/\(starter.tests.count) hidden tests (\(Scorer.format((share * 1000).rounded() / 10))%)")
        if starter.notes.contains(where: { $0.contains("does not compile") || $0.hasPrefix("the build failed") }) {
            problems.append("the starter does not build: \(starter.notes.first { $0.contains("compile") || $0.contains("build") } ?? "")")
        }
        if share > starterShare {
            problems.append("the starter passes \(starterPassed) of \(starter.tests.count) hidden tests, over \(Int(starterShare * 100))%")
        }
        for task in kit.pairTaskIDs(id) {
            problems += try verifyPairTask(id, task, log: log)
        }
        for problem in problems { log("  ✗ \(problem)") }
        if problems.isEmpty { log("\(id): OK") }
        return Report(exercise: id, solution: solution, starter: starter, problems: problems)
    }

    /// The problems of pair task `task` of exercise `id`: a fresh session and one with the reference patch
    /// applied, graded in one run.
    public func verifyPairTask(_ id: String, _ task: String, log: (String) -> Void) throws -> [String] {
        let name = "\(id)/\(task)"
        let patch = kit.pairTask(id, task).appendingPathComponent(Self.referencePatch)
        guard FileManager.default.fileExists(atPath: patch.path) else {
            return ["pair task \(name) has no \(Self.referencePatch): nothing proves its hidden tests can pass"]
        }
        let work = try WorkFolders.make(prefix: "grader-verify-pair")
        defer { WorkFolders.remove(work) }
        let creator = WorkspaceCreator(kit: kit, runner: runner)
        let fresh = work.appendingPathComponent("fresh")
        let done = work.appendingPathComponent("done")
        try creator.createPair(exercise: id, task: task, at: fresh)
        try creator.createPair(exercise: id, task: task, at: done)
        do {
            try creator.git(["apply", "--whitespace=nowarn", patch.path], in: done)
        } catch {
            return ["pair task \(name): \(Self.referencePatch) no longer applies to the solution (\(error))"]
        }

        let checker = Checker(kit: kit, options: options, runner: runner, analyzers: analyzers)
        let results = checker.check([fresh.path, done.path])
        var problems: [String] = []
        let reference = results[1]
        let passed = reference.tests.filter { $0.status == .pass }.count
        log("\(name): reference passes \(passed)/\(reference.tests.count) task tests")
        for test in reference.tests where test.status != .pass {
            problems.append("pair task \(name): the reference fails \(test.name): \(test.message ?? test.status.rawValue)")
        }
        let perRequirement = Dictionary(grouping: reference.tests, by: \.requirement).mapValues(\.count)
        for requirement in try kit.rubric(id, task: task).requirements.map(\.id) where (perRequirement[requirement] ?? 0) < 3 {
            problems.append("pair task \(name): \(requirement) has \(perRequirement[requirement] ?? 0) hidden tests; at least 3 expected")
        }
        let session = results[0]
        if session.status == .error { problems.append("pair task \(name): the fresh session could not be graded: \(session.message ?? "")") }
        let sessionPassed = session.tests.filter { $0.status == .pass }.count
        log("\(name): fresh session passes \(sessionPassed)/\(session.tests.count) task tests")
        if Double(sessionPassed) > Double(session.tests.count) * starterShare {
            problems.append("pair task \(name): the fresh session already passes \(sessionPassed) of \(session.tests.count) task tests")
        }
        return problems
    }
}

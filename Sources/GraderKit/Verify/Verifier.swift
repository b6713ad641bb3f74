import Foundation
import GraderCore

/// `grader verify`: the kit is consistent — each solution gets every automatic point it can, each starter
/// builds and scores at most `starterShare` of the hidden tests, Exercises/ is in sync with Solutions/.
public struct Verifier: Sendable {
    public let kit: Kit
    public var options: CheckOptions
    public var analyzers: Analyzers
    /// The most a starter may score, as a share of the hidden tests.
    public var starterShare: Double = 0.2

    public init(kit: Kit, options: CheckOptions, analyzers: Analyzers) {
        self.kit = kit
        self.options = options
        self.analyzers = analyzers
    }

    public struct Report: Sendable {
        public var exercise: String
        public var solution: GradeResult?
        public var starter: GradeResult?
        public var problems: [String]
    }

    /// Verifies exercise `id`, reporting progress through `log`.
    public func verify(_ id: String, log: (String) -> Void) throws -> Report {
        var problems: [String] = []
        let drift = try StarterGenerator(kit: kit).drift(id)
        if !drift.isEmpty {
            problems.append("Exercises/\(id) is out of sync with Solutions/\(id) (run 'swift run grader sync-exercises'): \(drift.prefix(3).joined(separator: "; "))")
        }
        var options = self.options
        options.exercise = id
        let checker = Checker(kit: kit, options: options, analyzers: analyzers)

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
        for problem in problems { log("  ✗ \(problem)") }
        if problems.isEmpty { log("\(id): OK") }
        return Report(exercise: id, solution: solution, starter: starter, problems: problems)
    }
}

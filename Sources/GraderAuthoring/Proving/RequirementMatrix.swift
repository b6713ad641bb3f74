import Foundation
import GraderCore
import GraderKit

/// Each requirement proven in isolation: the solution graded with only one requirement's regions stubbed, for
/// every requirement. Its own tests must fail (at least one), every other requirement's must still pass — a
/// diagonal matrix. A vacuous requirement (its stub passes) or coupling (another requirement loses tests) is a
/// problem naming the tests.
public struct RequirementMatrix: Sendable {
    public struct Cell: Sendable, Equatable {
        public var passed: Int
        public var total: Int
        public var failing: [String]
    }

    /// Requirement ids in rubric order.
    public var requirements: [String]
    /// `cells[stubbed][tested]`.
    public var cells: [String: [String: Cell]]
    /// How each row was made: run-time switch, or a rebuild of the stubbed solution.
    public var rebuilt: Set<String>
    /// Why the run-time switches could not be used, when they could not.
    public var note: String?
    /// `dependsOn[tested]`: requirements whose stubs may cost `tested`'s tests (declared in the rubric).
    public var dependsOn: [String: Set<String>] = [:]

    /// Whether stubbing `stubbed` may cost `tested`'s tests: a declared prerequisite, directly or through others.
    public func allows(_ stubbed: String, toCost tested: String) -> Bool {
        var seen: Set<String> = []
        var queue = Array(dependsOn[tested] ?? [])
        while let next = queue.popLast() {
            if next == stubbed { return true }
            if seen.insert(next).inserted { queue += dependsOn[next] ?? [] }
        }
        return false
    }

    public var problems: [String] {
        var problems: [String] = []
        for stubbed in requirements {
            guard let row = cells[stubbed] else {
                problems.append("\(stubbed): its stubbed solution could not be graded")
                continue
            }
            if let own = row[stubbed], own.passed == own.total {
                problems.append(
                    "\(stubbed) is vacuous: with its solution stubbed, all \(own.total) of its tests still pass")
            }
            for tested in requirements where tested != stubbed && !allows(stubbed, toCost: tested) {
                guard let cell = row[tested], cell.passed < cell.total else { continue }
                problems.append(
                    "stubbing \(stubbed) fails \(cell.total - cell.passed) test(s) of \(tested): "
                        + cell.failing.prefix(3).joined(separator: ", "))
            }
        }
        return problems
    }

    /// The matrix as text: rows stubbed, columns tested, each cell passed/total.
    public var lines: [String] {
        let width = max(6, requirements.map(\.count).max() ?? 0) + 2
        func pad(_ text: String) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        var lines = [pad("stubbed") + requirements.map(pad).joined()]
        for stubbed in requirements {
            let row = requirements.map { tested -> String in
                guard let cell = cells[stubbed]?[tested] else { return pad("?") }
                let declared = cell.passed < cell.total && stubbed != tested && allows(stubbed, toCost: tested)
                return pad("\(cell.passed)/\(cell.total)" + (declared ? "~" : ""))
            }
            lines.append(pad(stubbed + (rebuilt.contains(stubbed) ? "*" : "")) + row.joined())
        }
        if !rebuilt.isEmpty { lines.append("* proven by a rebuild with the requirement's regions stubbed") }
        if cells.values.contains(where: { $0.contains { $0.value.passed < $0.value.total } }), !dependsOn.isEmpty {
            lines.append("~ tests lost to a declared prerequisite (rubric.json depends_on)")
        }
        if let note { lines.append(note) }
        return lines
    }
}

/// Grades the variants of one exercise's solution on one warm build.
public struct VariantGrader: Sendable {
    public var kit: Kit
    public var runner: ProcessRunner
    public var options: CheckOptions
    public var environment: CheckEnvironment

    public init(kit: Kit, runner: ProcessRunner, options: CheckOptions, environment: CheckEnvironment) {
        self.kit = kit
        self.runner = runner
        self.options = options
        self.environment = environment
    }

    /// Builds the submission at `folder` in `slot` and returns what is needed to run its hidden tests.
    public func build(_ folder: URL, exercise: String, slot: URL, work: URL) throws -> (
        BuiltSubmission, HiddenSuite, Rubric
    ) {
        let identified = try IdentifyStage(kit: kit, loader: SubmissionLoader(runner: runner), exercise: exercise)
            .run(folder.path, work: work)
        let suite = try HiddenSuite(kit: kit, rubric: identified.rubric)
        let built = try BuildStage(
            kit: kit, runner: runner, environment: environment, timeout: options.buildTimeout, limits: options.limits
        ).run(identified, suite: suite, slot: slot)
        return (built, suite, identified.rubric)
    }

    /// The hidden tests' results with `variables` set in every test process.
    public func run(
        _ built: BuiltSubmission, suite: HiddenSuite, rubric: Rubric, variables: [String: String], work: URL
    ) -> [TestResult] {
        var tests = HiddenTestRunner(runner: runner, timeout: options.testTimeout, jobs: options.jobs)
        tests.environment = variables
        return tests.run(
            suite: suite, rubric: rubric, build: built.outcome, launcher: built.launcher, workDirectory: work,
            module: built.package.hiddenModule(for:))
    }

    /// The requirement matrix of exercise `id`, built in `slot` (reuse the verify run's for a warm build).
    public func requirementMatrix(_ id: String, slot: URL, work: URL) throws -> RequirementMatrix {
        let variant = try VariantSolution.requirementSwitches(
            kit: kit, exercise: id, into: work.appendingPathComponent("switchable"))
        let (built, suite, rubric) = try build(
            variant.folder, exercise: id, slot: slot, work: work.appendingPathComponent("switchable-work"))
        let requirements = suite.requirements.map(\.id)
        var cells: [String: [String: RequirementMatrix.Cell]] = [:]
        var rebuilt: Set<String> = []
        // Every run-time switch on the one build first: a rebuild replaces its binary (which the fingerprint
        // would rightly refuse to run afterwards).
        let switched = requirements.filter { built.launcher != nil && variant.switchable.contains($0) }
        for stubbed in switched + requirements.filter({ !switched.contains($0) }) {
            var results: [TestResult]
            if built.launcher != nil, variant.switchable.contains(stubbed) {
                results = run(
                    built, suite: suite, rubric: rubric, variables: VariantSolution.stubbing(stubbed),
                    work: work.appendingPathComponent("row-\(stubbed)"))
            } else {
                rebuilt.insert(stubbed)
                let folder = work.appendingPathComponent("stubbed-\(stubbed)")
                try VariantSolution.stubbing(kit: kit, exercise: id, requirement: stubbed, into: folder)
                let (alone, aloneSuite, aloneRubric) = try build(
                    folder, exercise: id, slot: slot, work: work.appendingPathComponent("stubbed-\(stubbed)-work"))
                results = run(
                    alone, suite: aloneSuite, rubric: aloneRubric, variables: [:],
                    work: work.appendingPathComponent("row-\(stubbed)"))
            }
            cells[stubbed] = Dictionary(grouping: results, by: \.requirement).mapValues { tests in
                RequirementMatrix.Cell(
                    passed: tests.filter { $0.status == .pass }.count, total: tests.count,
                    failing: tests.filter { $0.status != .pass }.map {
                        "\($0.name) (\($0.message.map { String($0.prefix(120)) } ?? $0.status.rawValue))"
                    })
            }
        }
        let note =
            built.launcher == nil
            ? "the switchable solution did not build (\(built.outcome.failure ?? "no test binary")); every row was rebuilt"
            : nil
        let dependsOn = Dictionary(
            rubric.requirements.map { ($0.id, Set($0.dependsOn ?? [])) }, uniquingKeysWith: { first, _ in first })
        return RequirementMatrix(
            requirements: requirements, cells: cells, rebuilt: rebuilt, note: note, dependsOn: dependsOn)
    }
}

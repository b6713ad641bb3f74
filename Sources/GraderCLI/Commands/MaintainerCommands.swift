import Foundation
import GraderAuthoring
import GraderCore
import GraderKit

/// `grader verify`: every solution gets every automatic point, starters few, pair tasks proven.
struct VerifyCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "verify", abstract: "For maintainers and CI: solutions get every point, starters few.",
        discussion: """
            Every solution gets every automatic point, every starter builds and scores at most 20% of the
            hidden tests, every pair task passes with its reference patch and not without, and Exercises/ is
            in sync with Solutions/.
            """,
        arguments: [
            ArgumentSpec("exercise", "Exercises to verify (default: all).", count: .any, completion: .exercise)
        ],
        options: [
            .value("jobs", "n", "Test processes run at once (default: twice the cores plus 4, one per 2 GiB at most)."),
            CommandSpec.kitOption,
        ],
        exitCodes: "0 all OK, 1 a problem found, 2 usage error.")

    let invocation: Invocation
    var jobs: Int?

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        jobs = try invocation.integer("jobs", minimum: 1)
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let ids = invocation.positional.isEmpty ? kit.exerciseIDs() : invocation.positional
        var options = CheckOptions()
        if let jobs { options.jobs = jobs }
        let verifier = Verifier(kit: kit, options: options, analyzers: .live(runner: context.runner))
        var failed = false
        for id in ids {
            let report = try verifier.verify(id) { line in context.output.out(line + "\n") }
            failed = failed || !report.problems.isEmpty
        }
        context.output.out(failed ? "verify: FAILED\n" : "verify: all exercises OK\n")
        return failed ? 1 : 0
    }
}

/// `grader sync-exercises`: regenerate Exercises/ from Solutions/.
struct SyncExercisesCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "sync-exercises", abstract: "Regenerate Exercises/ from Solutions/ (or check they are in sync).",
        discussion: """
            Regenerates Exercises/<id> from Solutions/<id> (solution regions become stubs with TODO(<REQ>))
            and Rubrics/<id>/starter/. With --check, writes nothing and exits 1 when they differ.
            """,
        arguments: [
            ArgumentSpec("exercise", "Exercises to regenerate (default: all).", count: .any, completion: .exercise)
        ],
        options: [
            .flag("check", "Write nothing; exit 1 when Exercises/ differs from what would be generated."),
            CommandSpec.kitOption,
        ],
        exitCodes: "0 written (or in sync), 1 out of sync (with --check), 2 usage error.")

    let invocation: Invocation

    init(_ invocation: Invocation) throws { self.invocation = invocation }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let generator = StarterGenerator(kit: kit)
        let ids = invocation.positional.isEmpty ? kit.exerciseIDs() : invocation.positional
        if invocation.has("check") {
            let drift = try ids.flatMap(generator.drift)
            if drift.isEmpty {
                context.output.out("Exercises are in sync with Solutions (\(ids.joined(separator: ", "))).\n")
                return 0
            }
            context.output.out(
                drift.joined(separator: "\n") + "\nRun 'swift run grader sync-exercises' to regenerate.\n")
            return 1
        }
        for id in ids {
            try generator.write(id)
            context.output.out("wrote Exercises/\(id)\n")
        }
        return 0
    }
}

/// `grader bench`: a cold check against a plain build and test, as ratios.
struct BenchCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "bench", abstract: "Time a cold check against a plain build and test; print the ratios.",
        discussion: """
            Times, side by side in one run, a cold `grader check` of the solution against a plain
            `swift build --build-tests` + `swift test` of the same sources, a realistic second submission (the
            solution with its last requirement undone) on the warm build, and the grader's own work
            (--static-only); prints the ratios of the medians over <n> alternating rounds against the targets
            (docs/performance.md). --under-load repeats plain and cold while a second load keeps every core
            busy; --batch <n> grades n submissions in one check.
            """,
        arguments: [
            ArgumentSpec(
                "exercise", "The exercise (default: movie-client; --all for every one).", count: .optional,
                completion: .exercise)
        ],
        options: [
            .value("rounds", "n", "Alternating rounds to take the medians of (default: 3)."),
            .flag("all", "Measure every exercise."),
            .flag("under-load", "Also measure while a second load keeps every core busy."),
            .value("batch", "n", "Also time a batch of n submissions graded in one check."), CommandSpec.kitOption,
        ],
        exitCodes: "0 every target met, 1 a target missed, 2 usage error.")

    let invocation: Invocation
    var rounds: Int
    var batch: Int

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        rounds = try invocation.integer("rounds", minimum: 1) ?? 3
        batch = try invocation.integer("batch", minimum: 1) ?? 0
        if invocation.has("all"), !invocation.positional.isEmpty {
            throw GraderError.usage("give an exercise or --all, not both")
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let ids = invocation.has("all") ? kit.exerciseIDs() : [invocation.positional.first ?? "movie-client"]
        for id in ids { _ = try kit.rubric(id) }
        let met = try Benchmark(
            kit: kit, exercises: ids, runner: context.runner, rounds: rounds, underLoad: invocation.has("under-load"),
            batch: batch
        ).run { line in
            context.output.out(line + "\n")
        }
        return met ? 0 : 1
    }
}

/// `grader mutate <exercise>`: mutation testing of a hidden suite against its solution.
struct MutateCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "mutate", abstract: "Mutation testing: how many small bugs in the solution the hidden suite catches.",
        discussion: """
            Makes small changes inside the solution's regions (negate a condition, swap a comparison or boolean
            operator, replace a literal, delete a statement, drop a call, skip a main-queue hop, capture self
            strongly), builds them all into one schema switched at run time, and grades each with the hidden
            suite. Prints the share of mutants killed per requirement and every survivor as
            file:line: operator: before → after. Reviewed equivalent mutants are read from
            Rubrics/<exercise>/equivalent-mutants.json ([{"file", "line", "operator", "reason"}]).
            """,
        arguments: [ArgumentSpec("exercise", "The exercise to mutate.", completion: .exercise)],
        options: [
            .value("requirement", "id", "Only the mutants of this requirement's regions."),
            .value("jobs", "n", "Test processes run at once (default: twice the cores plus 4, one per 2 GiB at most)."),
            .value("min-score", "percent", "Exit 1 when fewer mutants are killed (default: 90)."),
            CommandSpec.kitOption,
        ],
        exitCodes: "0 at or above the minimum score, 1 below it, 2 usage error, 3 the schema could not be built.")

    let invocation: Invocation
    var jobs: Int?
    var minimum: Double

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        jobs = try invocation.integer("jobs", minimum: 1)
        let text = invocation.value("min-score") ?? "90"
        guard let value = Double(text), (0...100).contains(value) else {
            throw GraderError.usage("--min-score needs a percentage from 0 to 100")
        }
        minimum = value
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let id = invocation.positional[0]
        let rubric = try kit.rubric(id)
        if let requirement = invocation.value("requirement"),
            !rubric.requirements.contains(where: { $0.id == requirement })
        {
            throw GraderError.usage(
                "'\(requirement)' is not a requirement of \(id); requirements: \(rubric.requirements.map(\.id).joined(separator: ", "))"
            )
        }
        var options = CheckOptions()
        if let jobs { options.jobs = jobs }
        let checker = Checker(
            kit: kit, options: options, runner: context.runner, analyzers: .live(runner: context.runner))
        let grader = VariantGrader(
            kit: kit, runner: context.runner, options: options, environment: checker.prepareEnvironment())
        let work = try WorkFolders.make(prefix: "grader-mutate")
        defer { WorkFolders.remove(work) }
        let report = try MutationTester(grader: grader).run(
            id, requirement: invocation.value("requirement"), work: work
        ) { line in context.output.err(line + "\n") }
        context.output.out(report.lines.joined(separator: "\n") + "\n")
        return report.score() >= minimum ? 0 : 1
    }
}

/// `grader cache [clear]`: the warm builds kept between checks.
struct CacheCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "cache", abstract: "Show or clear the warm builds kept between checks.",
        discussion: """
            `grader check` keeps one warm build per exercise and kit version under the user's cache folder
            ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS; GRADER_CACHE overrides), so the next
            candidate's check rebuilds only what changed. Each is locked while a check uses it, never shared between
            kit versions, reused only under bubblewrap, and the cache keeps to 4 GiB, least recently used first.
            `grader cache` prints where it is and its size; `grader cache clear` removes every build not in use.
            """,
        arguments: [
            ArgumentSpec(
                "action", "clear, or nothing to show the cache.", count: .optional, completion: .choices(["clear"]))
        ],
        options: [], exitCodes: "0 done, 2 usage error.")

    let clear: Bool

    init(_ invocation: Invocation) throws {
        switch invocation.positional.first {
        case nil: clear = false
        case "clear": clear = true
        case let other?:
            throw GraderError.usage("unknown cache action '\(other)'; use 'grader cache' or 'grader cache clear'")
        }
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let cache = BuildCache.standard(environment: context.environment)
        if clear {
            let freed = cache.clear()
            context.output.out("cleared \(cache.root.path) (\(Figures.mebibytes(freed)) MiB freed)\n")
        } else {
            let slots = (try? FileManager.default.contentsOfDirectory(atPath: cache.root.path)) ?? []
            context.output.out(
                "\(cache.root.path): \(slots.count) warm build(s), \(Figures.mebibytes(BuildCache.size(of: cache.root))) MiB\n"
            )
        }
        return 0
    }
}

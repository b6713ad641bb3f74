import Foundation
import GraderCore
import GraderReports

/// The `grader` command: parses arguments, calls the library, returns an exit code. Only `output` prints.
public struct GraderCLI {
    /// Where text goes: standard output and standard error.
    public struct Output: Sendable {
        public var out: @Sendable (String) -> Void
        public var err: @Sendable (String) -> Void

        public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
            self.out = out
            self.err = err
        }

        /// Standard output and error; silent once an interruption is being handled (what was running was killed).
        public static let standard = Output(
            out: { text in if !WorkFolders.isInterrupted { FileHandle.standardOutput.write(Data(text.utf8)) } },
            err: { text in if !WorkFolders.isInterrupted { FileHandle.standardError.write(Data(text.utf8)) } })
    }

    public static let version = GraderVersion.current

    static let valueOptions: Set<String> = [
        "format", "output", "exercise", "manual", "jobs", "kit", "csv", "keep", "rounds", "build-timeout",
        "test-timeout",
    ]
    static let flagOptions: Set<String> = ["static-only", "check", "help", "version", "keep-work"]

    public let output: Output
    public let environment: [String: String]

    public init(output: Output = .standard, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.output = output
        self.environment = environment
    }

    /// Runs `grader <words…>` and returns the exit code (0 ok/passed, 1 below the pass mark, 2 usage, 3 could not grade).
    public func run(_ words: [String]) -> Int32 {
        do {
            let arguments = try Arguments(words, valueOptions: Self.valueOptions, flagOptions: Self.flagOptions)
            if arguments.has("version") {
                output.out("grader \(Self.version)\n")
                return 0
            }
            guard let command = arguments.command, !arguments.has("help") || arguments.command != nil else {
                output.out(Help.overview)
                return arguments.has("help") ? 0 : 2
            }
            if arguments.has("help") {
                output.out(Help.text(for: command) ?? Help.overview)
                return 0
            }
            return try dispatch(command, arguments)
        } catch let error as GraderError {
            output.err("grader: \(error.description)\n")
            return error.exitCode
        } catch {
            output.err("grader: \(error)\n")
            return 3
        }
    }

    private func kit(_ arguments: Arguments) throws -> Kit {
        if let path = arguments.value("kit") {
            let kit = Kit(root: URL(fileURLWithPath: path))
            guard kit.looksLikeKit else {
                throw GraderError.kitNotFound("--kit \(path) holds no Rubrics/ and Package.swift")
            }
            return kit
        }
        return try Kit.locate(environment: environment)
    }

    private func dispatch(_ command: String, _ arguments: Arguments) throws -> Int32 {
        switch command {
        case "list":
            return try list(arguments)
        case "sync-exercises":
            return try syncExercises(arguments)
        case "check":
            return try check(arguments)
        case "new":
            return try newWorkspace(arguments)
        case "verify":
            return try verify(arguments)
        case "bench":
            return try bench(arguments)
        case "demo":
            return try demo(arguments)
        case "pair":
            return try pair(arguments)
        default:
            throw GraderError.usage("unknown command '\(command)'; see 'grader --help'")
        }
    }

    private func list(_ arguments: Arguments) throws -> Int32 {
        let kit = try kit(arguments)
        var lines: [String] = []
        for rubric in try kit.rubrics() {
            lines.append("\(rubric.exercise)  \(rubric.title)  (time box: \(rubric.timeBox))")
            for requirement in rubric.requirements {
                lines.append("  \(requirement.id)  \(requirement.title)")
            }
            for task in kit.pairTaskIDs(rubric.exercise) {
                let pair = try kit.rubric(rubric.exercise, task: task)
                lines.append("  pair task \(task): \(pair.title)  (time box: \(pair.timeBox))")
            }
        }
        output.out(lines.joined(separator: "\n") + "\n")
        return 0
    }

    private func syncExercises(_ arguments: Arguments) throws -> Int32 {
        let kit = try kit(arguments)
        let generator = StarterGenerator(kit: kit)
        let ids = arguments.positional.isEmpty ? kit.exerciseIDs() : arguments.positional
        if arguments.has("check") {
            let drift = try ids.flatMap(generator.drift)
            if drift.isEmpty {
                output.out("Exercises are in sync with Solutions (\(ids.joined(separator: ", "))).\n")
                return 0
            }
            output.out(drift.joined(separator: "\n") + "\nRun 'swift run grader sync-exercises' to regenerate.\n")
            return 1
        }
        for id in ids {
            try generator.write(id)
            output.out("wrote Exercises/\(id)\n")
        }
        return 0
    }

    private func check(_ arguments: Arguments) throws -> Int32 {
        guard !arguments.positional.isEmpty else {
            throw GraderError.usage("check needs at least one submission; see 'grader check --help'")
        }
        let kit = try kit(arguments)
        var options = CheckOptions()
        options.exercise = arguments.value("exercise")
        options.staticOnly = arguments.has("static-only")
        options.keepWork = arguments.has("keep-work")
        if let jobs = arguments.value("jobs") {
            guard let count = Int(jobs), count > 0 else {
                throw GraderError.usage("--jobs needs a whole number above 0")
            }
            options.jobs = count
        }
        for (name, keyPath) in [
            ("build-timeout", \CheckOptions.buildTimeout), ("test-timeout", \CheckOptions.testTimeout),
        ] {
            guard let text = arguments.value(name) else { continue }
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw GraderError.usage("--\(name) needs a number of seconds above 0")
            }
            options[keyPath: keyPath] = seconds
        }
        let formatName = arguments.value("format") ?? "text"
        guard let format = ReportFormat(rawValue: formatName) else {
            throw GraderError.usage(
                "unknown format '\(formatName)'; use one of: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        if let file = arguments.value("manual") {
            options.manualScores = try ManualScores.load(file, rubrics: try kit.rubrics())
        }
        if let exercise = options.exercise, !kit.exerciseIDs().contains(exercise) {
            throw GraderError.unknownExercise(exercise, known: kit.exerciseIDs())
        }
        let checker = Checker(kit: kit, options: options, analyzers: .live(runner: .live))
        let results: [GradeResult]
        if arguments.positional.count == 1 {
            results = [try checker.check(arguments.positional[0])]
        } else {
            results = checker.check(arguments.positional)
        }
        try emit(Reporters.render(results, as: format), to: arguments.value("output"))
        if let csv = arguments.value("csv") {
            try emit(Reporters.render(results, as: .csv), to: csv)
        }
        if results.contains(where: { $0.status == .error }) { return 3 }
        return results.allSatisfy(\.passed) ? 0 : 1
    }

    /// Writes `text` to `path` (never over a submission: the path is the user's choice), or prints it.
    private func emit(_ text: String, to path: String?) throws {
        guard let path, path != "-" else {
            output.out(text.hasSuffix("\n") ? text : text + "\n")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw GraderError.usage("cannot write \(path): \(error.localizedDescription)")
        }
    }

    private func newWorkspace(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positional.count == 2 else {
            throw GraderError.usage("usage: grader new <exercise> <dir>; see 'grader list' for exercises")
        }
        let kit = try kit(arguments)
        let workspace = try WorkspaceCreator(kit: kit).create(
            exercise: arguments.positional[0], at: URL(fileURLWithPath: arguments.positional[1]))
        output.out(
            """
            Created \(arguments.positional[1]) for \(workspace.exercise) (version \(workspace.version)); baseline \(workspace.baseline?.prefix(12) ?? "").
            Hand the candidate this folder (zip it, or push it to a private repository); keep Solutions/ and Rubrics/ private.
            Grade it later with: grader check \(arguments.positional[1])

            """)
        return 0
    }

    private func pair(_ arguments: Arguments) throws -> Int32 {
        let kit = try kit(arguments)
        guard arguments.positional.count == 3 else {
            let tasks = kit.exerciseIDs().flatMap { id in kit.pairTaskIDs(id).map { "\(id) \($0)" } }
            throw GraderError.usage(
                "usage: grader pair <exercise> <task> <dir>; tasks: \(tasks.isEmpty ? "none" : tasks.joined(separator: ", "))"
            )
        }
        let (id, task, path) = (arguments.positional[0], arguments.positional[1], arguments.positional[2])
        guard kit.exerciseIDs().contains(id) else { throw GraderError.unknownExercise(id, known: kit.exerciseIDs()) }
        let manifest = try WorkspaceCreator(kit: kit).createPair(
            exercise: id, task: task, at: URL(fileURLWithPath: path))
        output.out(
            """
            Created \(path): the \(id) solution with TASK.md for the '\(task)' pair session; baseline \(manifest.baseline?.prefix(12) ?? "").
            Grade the session with: grader check \(path)

            """)
        return 0
    }

    private func verify(_ arguments: Arguments) throws -> Int32 {
        let kit = try kit(arguments)
        let ids = arguments.positional.isEmpty ? kit.exerciseIDs() : arguments.positional
        var options = CheckOptions()
        if let jobs = arguments.value("jobs"), let count = Int(jobs), count > 0 { options.jobs = count }
        let verifier = Verifier(kit: kit, options: options, analyzers: .live(runner: .live))
        var failed = false
        for id in ids {
            let report = try verifier.verify(id) { line in output.out(line + "\n") }
            failed = failed || !report.problems.isEmpty
        }
        output.out(failed ? "verify: FAILED\n" : "verify: all exercises OK\n")
        return failed ? 1 : 0
    }

    private func demo(_ arguments: Arguments) throws -> Int32 {
        let kit = try kit(arguments)
        let id = arguments.positional.first ?? "movie-client"
        _ = try kit.rubric(id)
        let work = try WorkFolders.make(prefix: "grader-demo")
        defer { WorkFolders.remove(work) }
        let folder =
            arguments.value("keep").map { URL(fileURLWithPath: $0) } ?? work.appendingPathComponent("sample-candidate")
        try SampleSubmission(kit: kit).create(exercise: id, at: folder)
        output.err(
            "Grading a sample \(id) submission (made from the solution, last requirement left undone) at \(folder.path)…\n"
        )
        var forwarded = ["check", folder.path, "--kit", kit.root.path]
        for name in ["format", "output", "jobs", "manual"] {
            if let value = arguments.value(name) { forwarded += ["--\(name)", value] }
        }
        return run(forwarded)
    }

    private func bench(_ arguments: Arguments) throws -> Int32 {
        let kit = try kit(arguments)
        let id = arguments.positional.first ?? "movie-client"
        _ = try kit.rubric(id)
        var rounds = 3
        if let value = arguments.value("rounds") {
            guard let count = Int(value), count > 0 else {
                throw GraderError.usage("--rounds needs a whole number above 0")
            }
            rounds = count
        }
        let bench = Benchmark(kit: kit, exercise: id, runner: .live, rounds: rounds)
        try bench.run { line in output.out(line + "\n") }
        return 0
    }
}

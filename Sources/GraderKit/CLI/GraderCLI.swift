import Foundation
import GraderCore

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

        public static let standard = Output(
            out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
            err: { text in FileHandle.standardError.write(Data(text.utf8)) })
    }

    public static let version = "0.1.0"

    static let valueOptions: Set<String> = ["format", "output", "exercise", "manual", "jobs", "kit", "csv", "runs"]
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
        if let path = arguments.value("kit") { return Kit(root: URL(fileURLWithPath: path)) }
        return try Kit.locate(environment: environment)
    }

    private func dispatch(_ command: String, _ arguments: Arguments) throws -> Int32 {
        switch command {
        case "list":
            return try list(arguments)
        case "sync-exercises":
            return try syncExercises(arguments)
        default:
            throw GraderError.usage("unknown command '\(command)'; see 'grader --help'")
        }
    }

    private func list(_ arguments: Arguments) throws -> Int32 {
        let rubrics = try kit(arguments).rubrics()
        var lines: [String] = []
        for rubric in rubrics {
            lines.append("\(rubric.exercise)  \(rubric.title)  (time box: \(rubric.timeBox))")
            for requirement in rubric.requirements {
                lines.append("  \(requirement.id)  \(requirement.title)")
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
}

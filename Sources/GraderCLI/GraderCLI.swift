import Foundation
import GraderCore
import GraderKit
import GraderReports

/// The `grader` command: finds the command, parses its words against its spec, runs it, returns an exit code.
/// Only `output` prints.
public struct GraderCLI {
    /// Where text goes: standard output and standard error.
    public struct Output: Sendable {
        public var out: @Sendable (String) -> Void
        public var err: @Sendable (String) -> Void
        /// Whether `err` reaches a terminal, where a progress line can be rewritten in place.
        public var errIsTerminal: Bool

        public init(
            out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
            errIsTerminal: Bool = false
        ) {
            self.out = out
            self.err = err
            self.errIsTerminal = errIsTerminal
        }

        /// Standard output and error; silent once an interruption is being handled (what was running was killed).
        public static let standard = Output(
            out: { text in if !WorkFolders.isInterrupted { FileHandle.standardOutput.write(Data(text.utf8)) } },
            err: { text in if !WorkFolders.isInterrupted { FileHandle.standardError.write(Data(text.utf8)) } },
            errIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    public static let version = GraderVersion.current

    /// Every command, in the order the overview lists them.
    static let commands: [any GraderCommand.Type] = [
        DemoCommand.self, ListCommand.self, NewCommand.self, CheckCommand.self, ReportCommand.self, PairCommand.self,
        ExportCommand.self, VerifyCommand.self, SyncExercisesCommand.self, MutateCommand.self, BenchCommand.self,
        InspectReportCommand.self, CacheCommand.self, CompletionsCommand.self,
    ]

    /// Every command's spec, in overview order.
    public static var specs: [CommandSpec] { commands.map { $0.spec } }

    public let output: Output
    public let environment: [String: String]
    public let runner: ProcessRunner

    public init(
        output: Output = .standard, environment: [String: String] = ProcessInfo.processInfo.environment,
        runner: ProcessRunner = .live
    ) {
        self.output = output
        self.environment = environment
        self.runner = runner
    }

    /// Runs `grader <words…>` and returns the exit code (0 ok/passed, 1 below the pass mark, 2 usage, 3 could not grade).
    public func run(_ words: [String]) -> Int32 {
        do {
            guard let first = words.first else {
                output.err(HelpText.overview(Self.specs))
                return 2
            }
            if first == "--version" {
                output.out("grader \(Self.version)\n")
                return 0
            }
            if first == "-h" || first == "--help" || first == "help" {
                if words.count > 1, let command = Self.commands.first(where: { $0.spec.name == words[1] }) {
                    output.out(HelpText.command(command.spec))
                } else {
                    output.out(HelpText.overview(Self.specs))
                }
                return 0
            }
            guard let type = Self.commands.first(where: { $0.spec.name == first }) else {
                throw GraderError.usage(
                    first.hasPrefix("-")
                        ? "unknown option '\(first)'; see 'grader --help'"
                        : "unknown command '\(first)'; see 'grader --help'")
            }
            let invocation = try Invocation(Array(words.dropFirst()), spec: type.spec)
            if invocation.wantsHelp {
                output.out(HelpText.command(type.spec))
                return 0
            }
            let command = try type.init(invocation)
            return try command.run(CommandContext(output: output, environment: environment, runner: runner))
        } catch let error as GraderError {
            output.err("grader: \(untrustedLine(error.description))\n")
            return error.exitCode
        } catch {
            output.err("grader: \(untrustedLine("\(error)"))\n")
            return 3
        }
    }
}

extension CommandContext {
    /// Writes `text` to `path` (never over a submission: the path is the user's choice), or prints it.
    /// Writes `data` to `path`: atomically (a temporary file renamed over it) when `path` is a regular file or
    /// nothing yet; in place otherwise, so `--output /dev/null`, a FIFO or a device is written to, never
    /// replaced by a regular file (as root, an atomic write would have replaced /dev/null itself).
    static func write(_ data: Data, to path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFLNK
        else {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission)
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: data)
    }

    func emit(_ text: String, to path: String?) throws {
        guard let path, path != "-" else {
            // Compared as bytes: a CSV ends with "\r\n", which as a Character is not "\n".
            output.out(text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n")
            return
        }
        do {
            try Self.write(Data(text.utf8), to: path)
        } catch {
            throw GraderError.usage("cannot write \(path): \(error.localizedDescription)")
        }
    }
}

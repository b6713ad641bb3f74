import Foundation
import GraderAuthoring
import GraderCore
import GraderKit

/// `grader demo`: grade a sample submission made from the solution.
struct DemoCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "demo", abstract: "Grade a sample submission made from the solution (default movie-client).",
        discussion: """
            Makes a sample candidate submission from the solution (a baseline commit, one commit per
            requirement, tests added halfway, the last requirement left undone) and grades it, so you can see a
            whole report without a real candidate. --keep <dir> writes the sample there and keeps it;
            --leave-out <n> leaves the last n requirements undone (a weaker candidate).
            """,
        arguments: [
            ArgumentSpec("exercise", "The exercise (default: movie-client).", count: .optional, completion: .exercise)
        ],
        options: [
            .value("keep", "dir", "Write the sample submission there and keep it.", completion: .directory),
            .value("leave-out", "n", "Requirements left undone, from the last (default: 1)."),
            CheckCommand.spec.option("format")!, CheckCommand.spec.option("output")!,
            CheckCommand.spec.option("all-findings")!, CheckCommand.spec.option("jobs")!,
            CheckCommand.spec.option("manual")!, CommandSpec.kitOption,
        ],
        exitCodes: "As 'grader check': 0 passed, 1 below the pass mark, 2 usage error, 3 could not grade.")

    let invocation: Invocation

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        _ = try CheckCommand(Invocation(forwarded(folder: "sample"), spec: CheckCommand.spec))
        _ = try invocation.integer("leave-out", minimum: 0)
    }

    /// The `grader check` words this demo runs.
    func forwarded(folder: String, kit: String? = nil) -> [String] {
        var words = [folder] + (kit.map { ["--kit", $0] } ?? [])
        for name in ["format", "output", "jobs", "manual"] {
            if let value = invocation.value(name) { words += ["--\(name)", value] }
        }
        for flag in ["all-findings"] where invocation.has(flag) { words.append("--\(flag)") }
        return words
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let id = invocation.positional.first ?? "movie-client"
        _ = try kit.rubric(id)
        let work = try WorkFolders.make(prefix: "grader-demo")
        defer { WorkFolders.remove(work) }
        let folder =
            invocation.value("keep").map { URL(fileURLWithPath: $0) } ?? work.appendingPathComponent("sample-candidate")
        let leaveOut = try invocation.integer("leave-out", minimum: 0) ?? 1
        try SampleSubmission(kit: kit).create(exercise: id, at: folder, leaveOut: leaveOut)
        let undone = leaveOut == 1 ? "last requirement" : "last \(leaveOut) requirements"
        context.output.err(
            "Grading a sample \(id) submission (made from the solution, \(undone) left undone) at \(folder.path)…\n")
        let check = try CheckCommand(
            Invocation(forwarded(folder: folder.path, kit: kit.root.path), spec: CheckCommand.spec))
        return try check.run(context)
    }
}

/// `grader completions <shell>`: a completion script generated from the commands' specs.
struct CompletionsCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "completions", abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            Prints a completion script generated from the commands' own specs. Install it with, for example:
              grader completions bash > /etc/bash_completion.d/grader
              grader completions zsh > "${fpath[1]}/_grader"
              grader completions fish > ~/.config/fish/completions/grader.fish
            """,
        arguments: [
            ArgumentSpec(
                "shell", "bash, zsh or fish.", completion: .choices(Completions.Shell.allCases.map(\.rawValue)))
        ],
        options: [], exitCodes: "0 printed, 2 usage error.")

    let shell: Completions.Shell

    init(_ invocation: Invocation) throws {
        guard let shell = Completions.Shell(rawValue: invocation.positional[0]) else {
            throw GraderError.usage(
                "unknown shell '\(invocation.positional[0])'; use one of: \(Completions.Shell.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        self.shell = shell
    }

    func run(_ context: CommandContext) throws -> Int32 {
        context.output.out(Completions.script(for: shell, commands: GraderCLI.commands.map { $0.spec }))
        return 0
    }
}

import Foundation
import GraderAuthoring
import GraderCore
import GraderKit

/// `grader list`: the exercises with their requirements and pair tasks.
struct ListCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "list", abstract: "The exercises: id, title, time box, requirements.",
        discussion: "Lists every exercise of the kit with its requirements and pair tasks.", arguments: [],
        options: [CommandSpec.kitOption], exitCodes: "0 success, 2 usage error, 3 the kit could not be read.")

    let invocation: Invocation

    init(_ invocation: Invocation) throws { self.invocation = invocation }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        var lines: [String] = []
        for rubric in try kit.rubrics() {
            lines.append("\(rubric.exercise)  \(rubric.title)  (time box: \(rubric.timeBox))")
            for requirement in rubric.requirements { lines.append("  \(requirement.id)  \(requirement.title)") }
            for task in kit.pairTaskIDs(rubric.exercise) {
                let pair = try kit.rubric(rubric.exercise, task: task)
                lines.append("  pair task \(task): \(pair.title)  (time box: \(pair.timeBox))")
            }
        }
        context.output.out(lines.joined(separator: "\n") + "\n")
        return 0
    }
}

/// `grader new <exercise> <dir>`: a candidate workspace.
struct NewCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "new", abstract: "A candidate workspace: the starter, git init, a baseline commit.",
        discussion: """
            Creates a candidate workspace: the starter, `git init`, a baseline commit (with a Grader-Exercise
            trailer), and .grader/manifest.json recording the exercise, its version and the baseline commit.
            """,
        arguments: [
            ArgumentSpec("exercise", "The exercise (see 'grader list').", completion: .exercise),
            ArgumentSpec("dir", "The folder to create; it must not exist or be empty.", completion: .directory),
        ],
        options: [CommandSpec.kitOption], exitCodes: "0 created, 2 usage error (unknown exercise, folder exists).")

    let invocation: Invocation

    init(_ invocation: Invocation) throws { self.invocation = invocation }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let (exercise, path) = (invocation.positional[0], invocation.positional[1])
        let workspace = try WorkspaceCreator(kit: kit).create(exercise: exercise, at: URL(fileURLWithPath: path))
        context.output.out(
            """
            Created \(path) for \(workspace.exercise) (version \(workspace.version)); baseline \(workspace.baseline?.prefix(12) ?? "").
            Hand the candidate this folder (zip it, or push it to a private repository); keep Solutions/ and Rubrics/ private.
            Grade it later with: grader check \(path)

            """)
        return 0
    }
}

/// `grader pair <exercise> <task> <dir>`: a pair-session workspace.
struct PairCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "pair", abstract: "A pair-session workspace: the solution plus the task's README.",
        discussion: """
            Creates a pair-session workspace from the reference solution with the task's README as TASK.md,
            git init and a baseline commit. `grader check <dir>` then grades the session on the task's own
            rubric and hidden tests (Rubrics/<exercise>/pair/<task>/).
            """,
        arguments: [
            ArgumentSpec("exercise", "The exercise (see 'grader list').", completion: .exercise),
            ArgumentSpec("task", "The pair task (see 'grader list')."),
            ArgumentSpec("dir", "The folder to create.", completion: .directory),
        ],
        options: [CommandSpec.kitOption],
        exitCodes: "0 created, 2 usage error (unknown exercise or task, folder exists).")

    let invocation: Invocation

    init(_ invocation: Invocation) throws { self.invocation = invocation }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let (id, task, path) = (invocation.positional[0], invocation.positional[1], invocation.positional[2])
        guard kit.exerciseIDs().contains(id) else { throw GraderError.unknownExercise(id, known: kit.exerciseIDs()) }
        let manifest = try WorkspaceCreator(kit: kit).createPair(
            exercise: id, task: task, at: URL(fileURLWithPath: path))
        context.output.out(
            """
            Created \(path): the \(id) solution with TASK.md for the '\(task)' pair session; baseline \(manifest.baseline?.prefix(12) ?? "").
            Grade the session with: grader check \(path)

            """)
        return 0
    }
}

import Foundation
import GraderAuthoring
import GraderCore
import GraderKit

/// `grader export gradescope <exercise> <out.zip>`: an exercise packaged for another grading engine.
struct ExportCommand: GraderCommand {
    static let engines = ["gradescope"]

    static let spec = CommandSpec(
        name: "export", abstract: "Package an exercise for another grading engine (Gradescope).",
        discussion: """
            `grader export gradescope <exercise> <out.zip>` writes a Gradescope autograder bundle: setup.sh (the
            Swift toolchain, bubblewrap, git and unzip on Gradescope's Ubuntu image, then the grader built from the
            bundled sources), run_autograder (grades /autograder/submission and writes
            /autograder/results/results.json in Gradescope's schema), and the exercise's rubric, hidden tests and
            starter. Upload it as the assignment's autograder and keep it private: it holds the hidden tests.
            """,
        arguments: [
            ArgumentSpec("engine", "The grading engine: gradescope.", completion: .choices(engines)),
            ArgumentSpec("exercise", "The exercise (see 'grader list').", completion: .exercise),
            ArgumentSpec("out.zip", "The bundle to write (replaced when it exists).", completion: .file),
        ],
        options: [CommandSpec.kitOption],
        exitCodes: "0 written, 2 usage error (unknown engine or exercise, cannot write), 3 the kit could not be read.")

    let exercise: String
    let destination: String
    let invocation: Invocation

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        let engine = invocation.positional[0]
        guard Self.engines.contains(engine) else {
            throw GraderError.usage("unknown engine '\(engine)'; use one of: \(Self.engines.joined(separator: ", "))")
        }
        exercise = invocation.positional[1]
        destination = invocation.positional[2]
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let bundle = GradescopeBundle(kit: kit, exercise: exercise)
        let count: Int
        do {
            count = try bundle.write(to: URL(fileURLWithPath: destination))
        } catch let error as GraderError {
            throw error
        } catch {
            throw GraderError.usage("cannot write \(destination): \(error.localizedDescription)")
        }
        context.output.out(
            """
            Wrote \(destination): a Gradescope autograder for \(exercise) (\(count) files).
            Upload it as the assignment's autograder (Ubuntu base image); keep it private, it holds the hidden tests.

            """)
        return 0
    }
}

/// The help texts of `grader` and its commands.
enum Help {
    static let overview = """
        grader — hand out iOS take-home exercises and grade them.

        USAGE: grader <command> [options]

        COMMANDS:
          demo [<exercise>]             Grade a sample submission made from the solution (default movie-client).
          list                          The exercises: id, title, time box, requirements.
          new <exercise> <dir>          A candidate workspace: the starter, git init, a baseline commit.
          check <path>…                 Grade submissions (folders, .zip files or git bundles).
          pair <exercise> <task> <dir>  A pair-session workspace: the solution plus the task's README.
          verify                        For maintainers and CI: solutions get every point, starters few.
          sync-exercises [--check]      Regenerate Exercises/ from Solutions/ (or check they are in sync).
          bench                         Time a cold check against a plain build and test; print the ratios.

        OPTIONS:
          --kit <dir>                   The kit's folder (default: found from here or GRADER_KIT).
          -h, --help                    Show help for a command.
          --version                     Show the grader's version.

        EXIT CODES: 0 success or passed, 1 below the pass mark, 2 usage error, 3 could not grade.

        """

    static let commands: [String: String] = [
        "list": """
        USAGE: grader list

        Lists every exercise with its id, title, time box and requirement ids.

        """,
        "check": """
        USAGE: grader check <path>… [options]

        Grades submissions: a folder, a .zip file or a git bundle each. The submission is never changed: a
        private copy is graded. Its Package.swift is read as text and never evaluated.

        OPTIONS:
          --format <text|json|markdown|html|junit|csv>   Report format (default: text).
          --output <file>               Write the report to a file instead of standard output.
          --csv <file>                  Also write the summary table as CSV.
          --exercise <id>               The exercise, when the submission has no manifest.
          --manual <file>               The interviewer's scores for manual criteria (JSON: {"architecture": 8}).
          --jobs <n>                    Test processes run at once (default: the number of cores).
          --static-only                 Rules and history only: no build, no tests.
          --build-timeout <s>           Seconds the build may take before it is stopped (default: 900).
          --test-timeout <s>            Seconds one hidden test may take before it is stopped (default: 10).
          --keep-work                   Keep the private work folder (to debug the grader).

        A submission whose app code reaches for the test machinery or the process (see docs/rules.md,
        integrity) or whose test results were tampered with "needs review": its hidden-test points are
        withheld and it does not pass.

        EXIT CODES: 0 every submission at or above the pass mark, 1 one below it (or needing review),
        2 usage error, 3 a submission could not be graded.

        """,
        "new": """
        USAGE: grader new <exercise> <dir>

        Creates a candidate workspace: the starter, `git init`, a baseline commit (with a Grader-Exercise
        trailer), and .grader/manifest.json recording the exercise, its version and the baseline commit.

        """,
        "pair": """
        USAGE: grader pair <exercise> <task> <dir>

        Creates a pair-session workspace from the reference solution with the task's README as TASK.md,
        git init and a baseline commit. `grader check <dir>` then grades the session on the task's own
        rubric and hidden tests (Rubrics/<exercise>/pair/<task>/).

        """,
        "verify": """
        USAGE: grader verify [<exercise>…]

        For maintainers and CI: every solution gets every automatic point, every starter builds and
        scores at most 20% of the hidden tests, and Exercises/ is in sync with Solutions/.

        """,
        "demo": """
        USAGE: grader demo [<exercise>] [--keep <dir>] [--format <format>]

        Makes a sample candidate submission from the solution (a baseline commit, one commit per
        requirement, tests added halfway, the last requirement left undone) and grades it, so you can see
        a whole report without a real candidate. --keep <dir> writes the sample there and keeps it.

        """,
        "bench": """
        USAGE: grader bench [<exercise>] [--rounds <n>]

        Times, side by side in one run, a cold `grader check` of the solution against a plain
        `swift build --build-tests` + `swift test` of the same sources, a second (warm) submission,
        and the grader's own work (--static-only); prints the ratios of the medians over <n>
        alternating rounds (default 3) against the targets of SPEC §6.

        """,
        "sync-exercises": """
        USAGE: grader sync-exercises [<exercise>…] [--check]

        Regenerates Exercises/<id> from Solutions/<id> (solution regions become stubs with TODO(<REQ>))
        and Rubrics/<id>/starter/. With --check, writes nothing and exits 1 when they differ.

        """,
    ]

    static func text(for command: String) -> String? { commands[command] }
}

/// The help texts of `grader` and its commands.
enum Help {
    static let overview = """
        grader — hand out iOS take-home exercises and grade them.

        USAGE: grader <command> [options]

        COMMANDS:
          list                          The exercises: id, title, time box, requirements.
          new <exercise> <dir>          A candidate workspace: the starter, git init, a baseline commit.
          check <path>…                 Grade submissions (folders, .zip files or git bundles).
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
        "sync-exercises": """
            USAGE: grader sync-exercises [<exercise>…] [--check]

            Regenerates Exercises/<id> from Solutions/<id> (solution regions become stubs with TODO(<REQ>))
            and Rubrics/<id>/starter/. With --check, writes nothing and exits 1 when they differ.

            """,
    ]

    static func text(for command: String) -> String? { commands[command] }
}

import Foundation
import GraderCLI
import GraderCore
import XCTest

/// The built `grader` binary, run as a user runs it: every help text as a snapshot (Goldens/help/), exit codes
/// and one-line errors for usage mistakes, and completion scripts that their shells accept.
final class CLIEndToEndTests: XCTestCase {
    private func grader() throws -> URL {
        guard let grader = FixtureKit.builtGrader else {
            throw XCTSkip("the grader executable is not built next to the tests")
        }
        return grader
    }

    private func run(_ words: [String]) throws -> ProcessOutput {
        try ProcessRunner.live(
            ProcessRequest(
                try grader().path, words, environment: ["GRADER_KIT": FixtureKit.repositoryRoot.path],
                timeout: 120))
    }

    func testEveryHelpTextMatchesItsSnapshot() throws {
        let overview = try run(["--help"])
        XCTAssertEqual(overview.status, 0)
        try Golden.assertMatches(overview.stdout, "help/grader.txt")
        for spec in GraderCLI.specs {
            let help = try run([spec.name, "--help"])
            XCTAssertEqual(help.status, 0, spec.name)
            try Golden.assertMatches(help.stdout, "help/\(spec.name).txt")
            for option in spec.options {
                XCTAssertTrue(help.stdout.contains(option.usage), "\(spec.name) --help does not show \(option.usage)")
            }
            XCTAssertTrue(overview.stdout.contains(spec.abstract), "the overview does not list \(spec.name)")
        }
    }

    func testUsageMistakesPrintOneLineAndExitTwo() throws {
        for words in [
            ["frobnicate"], ["check"], ["check", "x", "--rounds", "5"], ["bench", "--rounds", "0"],
            ["list", "--format", "json"], ["report"], ["report", "a.json", "--static-only"],
        ] {
            let output = try run(words)
            XCTAssertEqual(output.status, 2, "\(words)")
            XCTAssertEqual(output.stdout, "", "\(words)")
            XCTAssertEqual(output.stderr.split(separator: "\n").count, 1, "\(words): \(output.stderr)")
            XCTAssertTrue(output.stderr.hasPrefix("grader: "), "\(words): \(output.stderr)")
        }
        let bare = try run([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stderr.contains("USAGE: grader <command>"))
        XCTAssertEqual(try run(["--version"]).stdout, "grader \(GraderCLI.version)\n")
    }

    func testAMissingSubmissionIsOneLineAndExitThreeAloneOrAmongOthers() throws {
        let alone = try run(["check", "/nonexistent/alice", "--static-only"])
        XCTAssertEqual(alone.status, 3)
        XCTAssertEqual(alone.stderr, "grader: /nonexistent/alice: no such file or folder\n")
        let among = try run(["check", "/nonexistent/alice", "/nonexistent/bob", "--static-only"])
        XCTAssertEqual(among.status, 3)
        XCTAssertEqual(
            among.stderr,
            "grader: /nonexistent/alice: no such file or folder\ngrader: /nonexistent/bob: no such file or folder\n")
    }

    func testCompletionScriptsNameEveryCommandAndOptionAndParse() throws {
        for shell in Completions.Shell.allCases {
            let output = try run(["completions", shell.rawValue])
            XCTAssertEqual(output.status, 0, shell.rawValue)
            for spec in GraderCLI.specs {
                XCTAssertTrue(output.stdout.contains(spec.name), "\(shell): \(spec.name)")
                for option in spec.options {
                    XCTAssertTrue(output.stdout.contains(option.name), "\(shell): \(spec.name) --\(option.name)")
                }
            }
            // The shell itself checks the syntax when it is installed (bash always is here).
            let checker: (String, [String])? =
                switch shell {
                case .bash: ("bash", ["-n"])
                case .zsh: ("zsh", ["-n"])
                case .fish: ("fish", ["--no-execute"])
                }
            guard let (program, flags) = checker,
                (try? ProcessRunner.live(ProcessRequest(program, ["-c", "true"])))?.succeeded == true
            else { continue }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "grader-completion-\(UUID().uuidString)")
            try output.stdout.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let parsed = try ProcessRunner.live(ProcessRequest(program, flags + [file.path]))
            XCTAssertTrue(parsed.succeeded, "\(shell) rejects its script: \(parsed.stderr)")
        }
    }
}

import Foundation
import GraderAuthoring
import GraderCore
import GraderKit
import XCTest

@testable import GraderCLI

/// The CLI in-process: arguments in, exit code and printed text out.
final class CLITests: XCTestCase {
    private final class Printed: @unchecked Sendable {
        let lock = NSLock()
        var out = ""
        var err = ""
    }

    private func run(_ words: [String], environment: [String: String] = [:]) -> (code: Int32, out: String, err: String)
    {
        let printed = Printed()
        let output = GraderCLI.Output(
            out: { text in printed.lock.withLock { printed.out += text } },
            err: { text in printed.lock.withLock { printed.err += text } })
        let code = GraderCLI(output: output, environment: environment).run(words)
        return (code, printed.out, printed.err)
    }

    func testOutputToADeviceWritesIntoItAndNeverReplacesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grader-dev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let device = folder.appendingPathComponent("null").path
        #if os(Linux)
            let null = dev_t(1 << 8 | 3)  // glibc's makedev(1, 3), a macro Swift does not import
        #else
            let null = dev_t(1 << 24 | 3)
        #endif
        guard mknod(device, S_IFCHR | 0o666, null) == 0 else {
            throw XCTSkip("making a device node needs root (CI runs as root)")
        }
        try CommandContext.write(Data("report\n".utf8), to: device)
        var status = stat()
        XCTAssertEqual(lstat(device, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR, "still a character device, not a regular file")
        let regular = folder.appendingPathComponent("report.txt").path
        try CommandContext.write(Data("report\n".utf8), to: regular)
        XCTAssertEqual(try String(contentsOfFile: regular, encoding: .utf8), "report\n")
    }

    func testHelpAndVersion() {
        XCTAssertEqual(run(["--help"]).code, 0)
        XCTAssertTrue(run(["--help"]).out.contains("USAGE: grader <command>"))
        XCTAssertTrue(run(["check", "--help"]).out.contains("--static-only"))
        XCTAssertEqual(run(["--version"]).out, "grader \(GraderCLI.version)\n")
        XCTAssertEqual(run([]).code, 2)
    }

    func testUsageErrorsPrintOneLineAndExitTwo() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let cases: [([String], String)] = [
            (["frobnicate"], "grader: unknown command 'frobnicate'; see 'grader --help'\n"),
            (["check"], "grader: 'grader check' needs <path>…; see 'grader check --help'\n"),
            (
                ["check", "x", "--format", "pdf"],
                "grader: unknown format 'pdf'; use one of: text, json, markdown, html, junit, csv, gradescope\n"
            ),
            (
                ["check", "x", "--bogus"],
                "grader: unknown option '--bogus' for 'grader check'; see 'grader check --help'\n"
            ),
            (
                ["check", "x", "--rounds", "5"],
                "grader: unknown option '--rounds' for 'grader check'; see 'grader check --help'\n"
            ),
            (["verify", "--jobs", "0"], "grader: --jobs needs a whole number of at least 1\n"),
            (["check", "x", "--jobs", "0"], "grader: --jobs needs a whole number of at least 1\n"),
            (["demo", "--leave-out", "some"], "grader: --leave-out needs a whole number of at least 0\n"),
            (["check", "x", "--build-timeout", "soon"], "grader: --build-timeout needs a number of seconds above 0\n"),
            (["new", "counter"], "grader: 'grader new' needs <exercise> <dir>; see 'grader new --help'\n"),
            (["list", "extra"], "grader: unexpected argument 'extra' for 'grader list'; see 'grader list --help'\n"),
            (["check", "x", "--exercise", "nope"], "grader: unknown exercise 'nope'; known exercises: counter\n"),
            (["new", "nope", "/tmp/x"], "grader: unknown exercise 'nope'; known exercises: counter\n"),
            // A path that reaches a rubric folder is no exercise id: it would hand out the hidden tests.
            (
                ["new", "../Rubrics/counter", "/tmp/x"],
                "grader: unknown exercise '../Rubrics/counter'; known exercises: counter\n"
            ),
            (
                ["check", "x", "--exercise", "counter/../counter"],
                "grader: unknown exercise 'counter/../counter'; known exercises: counter\n"
            ),
            // Text a submission controls prints as one line with its control characters replaced.
            (
                ["check", "x", "--exercise", "ev\u{1B}]0;owned\u{07}\n::error::forged"],
                "grader: unknown exercise 'ev\u{FFFD}]0;owned\u{FFFD} ::error::forged'; known exercises: counter\n"
            ),
        ]
        for (words, expected) in cases {
            let result = run(words + ["--kit", kit.root.path])
            XCTAssertEqual(result.code, 2, "\(words)")
            XCTAssertEqual(result.err, expected, "\(words)")
            XCTAssertEqual(result.out, "")
        }
        XCTAssertEqual(run(["completions", "tcsh"]).err, "grader: unknown shell 'tcsh'; use one of: bash, zsh, fish\n")
        XCTAssertEqual(run(["completions", "bash", "--kit", kit.root.path]).code, 2, "completions takes no --kit")
    }

    func testSubmissionThatCannotBeGradedExitsThree() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let missing = run(["check", "/nonexistent/alice", "--kit", kit.root.path])
        XCTAssertEqual(missing.code, 3)
        XCTAssertEqual(missing.err, "grader: /nonexistent/alice: no such file or folder\n")

        let plain = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-plain-\(UUID().uuidString).txt")
        try "hello".write(to: plain, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: plain) }
        let notASubmission = run(["check", plain.path, "--kit", kit.root.path])
        XCTAssertEqual(notASubmission.code, 3)
        XCTAssertEqual(notASubmission.err, "grader: \(plain.path): not a folder, a .zip file or a git bundle\n")

        let anonymous = try FixtureSubmission(
            "anonymous", files: ["Sources/Widget/Widget.swift": "struct Widget {}"], git: false)
        defer { anonymous.remove() }
        let unknown = run(["check", anonymous.root.path, "--static-only", "--kit", kit.root.path])
        XCTAssertEqual(unknown.code, 3)
        XCTAssertEqual(
            unknown.err,
            "grader: cannot tell which exercise \(anonymous.root.path) is (no .grader/manifest.json or exercise.json); pass --exercise with one of: counter\n"
        )
    }

    func testBenchRoundsMustBeAPositiveNumber() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        for value in ["0", "three"] {
            let result = run(["bench", "counter", "--rounds", value, "--kit", kit.root.path])
            XCTAssertEqual(result.code, 2)
            XCTAssertEqual(result.err, "grader: --rounds needs a whole number of at least 1\n")
        }
    }

    func testManualScoresAreValidated() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let file = kit.root.appendingPathComponent("manual.json")
        for (json, message) in [
            (#"{"design": 9}"#, "grader: --manual: 'design' scores from 0 to 4, not 9\n"),
            (#"{"naming": 1}"#, "grader: --manual: 'naming' is not a manual criterion; manual criteria: design\n"),
            ("[1]", "grader: --manual: \(file.path) is not a JSON object of criterion id to points\n"),
        ] {
            try json.write(to: file, atomically: true, encoding: .utf8)
            let result = run(["check", "x", "--manual", file.path, "--kit", kit.root.path])
            XCTAssertEqual(result.code, 2)
            XCTAssertEqual(result.err, message)
        }
    }

    func testAllFindingsListsWhatTheTextReportCountsByDefault() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        try kit.write(
            """
            {
              "exercise": "counter", "title": "Counter", "version": "1.0.0", "time_box": "1 hour", "pass_percent": 60,
              "modules": ["Counter"], "requirements": [{"id": "CT1", "title": "Counting"}],
              "criteria": [{"id": "no-singletons", "title": "No singletons", "kind": "rule", "points": 2}]
            }
            """, to: "Rubrics/counter/rubric.json")
        let singletons = (1...5).map { "final class Store\($0) {\n    static let shared = Store\($0)()\n}\n" }
        let submission = try FixtureSubmission(
            "five-singletons",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                "Sources/Counter/Stores.swift": singletons.joined(separator: "\n"),
            ])
        defer { submission.remove() }
        let words = ["check", submission.root.path, "--static-only", "--kit", kit.root.path]
        func listed(_ text: String) -> Int {
            text.split(separator: "\n").filter { $0.hasPrefix("    Sources/Counter/Stores.swift:") }.count
        }

        let grouped = run(words)
        XCTAssertEqual(grouped.code, 1, grouped.err)
        XCTAssertTrue(grouped.out.contains("  no-singletons: 5 errors\n"), grouped.out)
        XCTAssertEqual(listed(grouped.out), 3)
        XCTAssertTrue(grouped.out.contains("    … 2 more\n"), grouped.out)

        let all = run(words + ["--all-findings"])
        XCTAssertEqual(all.code, 1, all.err)
        XCTAssertEqual(listed(all.out), 5)
        XCTAssertFalse(all.out.contains("more\n"), all.out)
    }

    func testProgressIsOneLineRewrittenOnATerminalAndNothingOtherwise() throws {
        let printed = Printed()
        let terminal = GraderCLI.Output(
            out: { _ in }, err: { text in printed.lock.withLock { printed.err += text } }, errIsTerminal: true)
        let report = try XCTUnwrap(ProgressLine.reporter(for: terminal))
        report(CheckProgress(submission: "alice", step: .building))
        report(CheckProgress(submission: "/home/me/candidates/alice", step: .hiddenTests(done: 12, total: 40)))
        report(CheckProgress(submission: "alice\u{1B}[31m", step: .ownTests))
        XCTAssertEqual(
            printed.err,
            "\r\u{1B}[2Kalice: building with the hidden suite…\r\u{1B}[2Kalice: hidden tests 12/40"
                + "\r\u{1B}[2Kalice[31m: the candidate's own tests, with coverage…")

        let piped = GraderCLI.Output(out: { _ in }, err: { _ in XCTFail("no progress when piped") })
        XCTAssertNil(ProgressLine.reporter(for: piped))
        XCTAssertFalse(GraderCLI.Output(out: { _ in }, err: { _ in }).errIsTerminal, "quiet unless told otherwise")
    }

    func testListShowsExercisesWithRequirements() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let result = run(["list", "--kit", kit.root.path])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.out, "counter  Counter  (time box: 1 hour)\n  CT1  Counting\n  CT2  Label\n")

        try kit.write(
            #"{"exercise": "counter", "title": "Counter: reset", "version": "1.0.0", "time_box": "30 minutes", "pass_percent": 60, "modules": [], "requirements": [], "criteria": []}"#,
            to: "Rubrics/counter/pair/reset/rubric.json")
        XCTAssertEqual(
            run(["list", "--kit", kit.root.path]).out,
            "counter  Counter  (time box: 1 hour)\n  CT1  Counting\n  CT2  Label\n  pair task reset: Counter: reset  (time box: 30 minutes)\n"
        )
    }
}

import Foundation
import GraderAuthoring
import GraderCore
import XCTest

/// integrations/github/grade.sh, the script every step of the kit's GitHub Actions runs, run as a runner runs it:
/// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ENV, GITHUB_WORKSPACE and RUNNER_TEMP stand in a temporary folder,
/// the built grader grades fixture submissions of a small kit. The workflows themselves are checked for what they
/// may call.
final class GitHubIntegrationTests: XCTestCase {
    private static let script = FixtureKit.repositoryRoot.appendingPathComponent("integrations/github/grade.sh")

    /// A temporary folder standing in for a runner: the files GitHub provides, a workspace, a temp folder.
    private struct Runner {
        let root: URL
        var workspace: URL { root.appendingPathComponent("workspace") }
        var summaryFile: URL { root.appendingPathComponent("step-summary.md") }
        var outputFile: URL { root.appendingPathComponent("output") }
        var environmentFile: URL { root.appendingPathComponent("env") }
        var temporary: URL { root.appendingPathComponent("runner-temp") }
        var results: URL { temporary.appendingPathComponent("grader-results") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "grader-github-\(UUID().uuidString.prefix(8))")
            for folder in [workspace, temporary] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            for file in [summaryFile, outputFile, environmentFile] { try Data().write(to: file) }
        }

        /// `grade.sh <verb>` with GitHub's variables and `environment`, from the workspace; nothing else of the
        /// test's own environment but PATH and HOME.
        func run(_ verb: String, _ environment: [String: String], path: String? = nil) throws -> ProcessOutput {
            let base = ProcessInfo.processInfo.environment
            var variables = [
                "PATH": path ?? base["PATH"] ?? "/usr/bin:/bin", "HOME": base["HOME"] ?? root.path,
                "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": workspace.path, "GITHUB_OUTPUT": outputFile.path,
                "GITHUB_STEP_SUMMARY": summaryFile.path, "GITHUB_ENV": environmentFile.path,
                "RUNNER_TEMP": temporary.path, "RUNNER_ENVIRONMENT": "self-hosted", "GRADER_INSTALL_PACKAGES": "false",
                "GRADER_CACHE": root.appendingPathComponent("cache").path,
            ]
            variables.merge(environment) { _, new in new }
            return try ProcessRunner.live(
                ProcessRequest(
                    GitHubIntegrationTests.script.path, [verb], workingDirectory: workspace, environment: variables,
                    inheritsEnvironment: false, timeout: 600))
        }

        /// The step's outputs, as GitHub reads GITHUB_OUTPUT (`key=value` lines; the last value wins).
        var outputs: [String: String] {
            let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            var outputs: [String: String] = [:]
            for line in text.split(separator: "\n") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            return outputs
        }

        var summary: String { (try? String(contentsOf: summaryFile, encoding: .utf8)) ?? "" }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    private var kit: FixtureKit!
    private var runner: Runner!

    override func setUpWithError() throws {
        kit = try FixtureKit()
        try kit.write(FixtureKit.staticRubric, to: "Rubrics/counter/rubric.json")
        runner = try Runner()
    }

    override func tearDown() {
        kit.remove()
        runner.remove()
    }

    /// A fixture submission as a git repository inside the workspace.
    private func submission(_ name: String, counter: String) throws {
        let fixture = try FixtureSubmission(
            name, files: ["exercise.json": FixtureSubmission.manifest, "Sources/Counter/Counter.swift": counter])
        try FileManager.default.moveItem(at: fixture.root, to: runner.workspace.appendingPathComponent(name))
    }

    /// The built grader, run from the workspace with the fixture kit.
    private func grader(_ words: [String]) throws -> ProcessOutput {
        try ProcessRunner.live(
            ProcessRequest(
                try BuiltGrader.url().path, words + ["--kit", kit.root.path], workingDirectory: runner.workspace,
                environment: ["GRADER_CACHE": runner.root.appendingPathComponent("cache").path], timeout: 300))
    }

    private func grade(_ submission: String, _ environment: [String: String] = [:]) throws -> ProcessOutput {
        try runner.run(
            "grade",
            [
                "GRADER": try BuiltGrader.url().path, "GRADER_KIT": kit.root.path, "GRADER_SUBMISSION": submission,
                "GRADER_CHECK_OPTIONS": "--static-only --no-cache",
            ].merging(environment) { _, new in new })
    }

    func testSetupUsesTheGraderGivenOrBuildsItAndHandsItOn() throws {
        let built = try BuiltGrader.url().path
        let given = try runner.run("setup", ["GRADER": built, "GRADER_KIT": kit.root.path])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(given.stdout.contains("grader \(GraderVersion.current)"), given.stdout)
        XCTAssertEqual(runner.outputs["grader"], built)
        XCTAssertEqual(try String(contentsOf: runner.environmentFile, encoding: .utf8), "GRADER=\(built)\n")

        // No grader yet: setup builds it with `swift build`, here a stand-in that records what it was asked.
        let tools = runner.root.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let calls = runner.root.appendingPathComponent("swift-calls")
        let swift = tools.appendingPathComponent("swift")
        try """
        #!/usr/bin/env bash
        echo "$*" >>"\(calls.path)"
        kit="${@: -1}"
        if [ "$kit" = --show-bin-path ]; then kit="${@: -2:1}"; fi
        case " $* " in
        *" --show-bin-path "*) echo "$kit/.build/debug" ;;
        *) mkdir -p "$kit/.build/debug" && printf '#!/bin/sh\\necho grader built\\n' >"$kit/.build/debug/grader" \\
            && chmod +x "$kit/.build/debug/grader" ;;
        esac
        """.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        let building = try runner.run(
            "setup", ["GRADER_KIT": kit.root.path],
            path: "\(tools.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "")")
        XCTAssertEqual(building.status, 0, building.stderr)
        XCTAssertTrue(building.stdout.contains("grader built"), building.stdout)
        XCTAssertEqual(
            try String(contentsOf: calls, encoding: .utf8),
            "build --product grader --package-path \(kit.root.path)\n"
                + "build --product grader --package-path \(kit.root.path) --show-bin-path\n")
        XCTAssertEqual(runner.outputs["grader"], kit.root.path + "/.build/debug/grader")
    }

    func testGradePutsCheckMarkdownInTheSummaryAndHandsOnTheReports() throws {
        try submission("alice", counter: FixtureSubmission.counterWithSingleton)

        let graded = try grade("alice")

        XCTAssertEqual(graded.status, 1, "below the pass mark fails the step by default: \(graded.stderr)")
        let outputs = runner.outputs
        XCTAssertEqual(outputs["name"], "alice")
        XCTAssertEqual(outputs["status"], "fail")
        XCTAssertEqual(outputs["passed"], "false")
        let resultPath = try XCTUnwrap(outputs["result"])
        XCTAssertEqual(resultPath, runner.results.appendingPathComponent("alice.json").path)
        let result = try GradeResult.makeDecoder().decode(
            GradeResult.self, from: Data(contentsOf: URL(fileURLWithPath: resultPath)))
        XCTAssertEqual(outputs["score"].flatMap(Double.init), result.score)
        XCTAssertEqual(outputs["max-score"].flatMap(Double.init), result.maxScore)
        XCTAssertEqual(result.maxScore, 18)
        XCTAssertTrue(graded.stdout.contains(result.message ?? "<no message>"), graded.stdout)

        // The summary and the JUnit report are what `grader check` prints in those formats.
        let markdown = try grader(["check", "alice", "--static-only", "--no-cache", "--format", "markdown"])
        XCTAssertEqual(runner.summary, markdown.stdout)
        XCTAssertTrue(markdown.stdout.contains("no-singletons"))
        let junit = try grader(["check", "alice", "--static-only", "--no-cache", "--format", "junit"])
        XCTAssertEqual(
            try String(contentsOfFile: try XCTUnwrap(outputs["junit"]), encoding: .utf8), junit.stdout)
        XCTAssertEqual(try String(contentsOfFile: try XCTUnwrap(outputs["markdown"]), encoding: .utf8), markdown.stdout)

        let lenient = try grade("alice", ["GRADER_FAIL_BELOW_PASS_MARK": "false"])
        XCTAssertEqual(lenient.status, 0, "a batch job does not fail on a low score")
    }

    func testGradeSaysWhyWhenNothingCanBeGraded() throws {
        let graded = try grade("/nonexistent/carol.zip")

        XCTAssertEqual(graded.status, 3)
        XCTAssertEqual(runner.outputs["name"], "carol")
        XCTAssertEqual(runner.outputs["status"], "error")
        XCTAssertEqual(
            runner.summary, "## carol: could not grade\n\n/nonexistent/carol.zip: no such file or folder\n")
        XCTAssertTrue(
            graded.stdout.contains("::error title=carol::/nonexistent/carol.zip: no such file or folder"),
            graded.stdout)
        XCTAssertEqual(
            try String(contentsOf: runner.results.appendingPathComponent("carol.error"), encoding: .utf8),
            "/nonexistent/carol.zip: no such file or folder\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: runner.results.appendingPathComponent("carol.json").path))
    }

    func testListNamesTheSubmissionsForTheMatrix() throws {
        let folder = runner.workspace.appendingPathComponent("submissions")
        for name in ["bob", #"carol "the" \ one"#] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // A name that would forge a GITHUB_OUTPUT line is left out, not listed.
        for name in ["alice.zip", "dave.bundle", "notes.txt", ".DS_Store", "eve\nsubmissions=[\"x\"]\n.zip"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        let listed = try runner.run("list", ["GRADER_SUBMISSIONS_DIR": "submissions"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        let submissions = try XCTUnwrap(runner.outputs["submissions"])
        XCTAssertEqual(
            try JSONSerialization.jsonObject(with: Data(submissions.utf8)) as? [String],
            [
                "submissions/alice.zip", "submissions/bob", #"submissions/carol "the" \ one"#,
                "submissions/dave.bundle",
            ])

        XCTAssertTrue(listed.stdout.contains("::warning::left out a submission whose name holds a control character"))

        XCTAssertEqual(try runner.run("list", ["GRADER_SUBMISSIONS": "a.zip  b.bundle\nc"]).status, 0)
        XCTAssertEqual(runner.outputs["submissions"], #"["a.zip","b.bundle","c"]"#)
        XCTAssertEqual(try runner.run("list", ["GRADER_SUBMISSIONS": "*"]).status, 0)
        XCTAssertEqual(runner.outputs["submissions"], #"["*"]"#, "a name is never expanded as a glob")

        let empty = runner.workspace.appendingPathComponent("none")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let nothing = try runner.run("list", ["GRADER_SUBMISSIONS_DIR": "none"])
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stdout.contains("::error::no submissions to grade"), nothing.stdout)
    }

    func testMergeReportsTheBatchAsGraderReportDoesAndListsWhatCouldNotBeGraded() throws {
        try submission("alice", counter: FixtureSubmission.counterWithSingleton)
        try submission("bob", counter: FixtureSubmission.counter())
        for name in ["alice", "bob", "/nonexistent/carol"] { _ = try grade(name) }
        try Data().write(to: runner.summaryFile)

        let merged = try runner.run(
            "merge", ["GRADER": try BuiltGrader.url().path, "GRADER_KIT": kit.root.path])

        XCTAssertEqual(merged.status, 0, merged.stderr)
        let saved = ["alice", "bob"].map { runner.results.appendingPathComponent("\($0).json").path }
        let report = try grader(["report"] + saved + ["--format", "markdown"])
        XCTAssertEqual(report.status, 1, "both below the pass mark: the merge still succeeds")
        XCTAssertEqual(
            runner.summary,
            report.stdout + "\n## Could not grade\n\n- carol: /nonexistent/carol: no such file or folder\n")
        XCTAssertTrue(report.stdout.contains("alice") && report.stdout.contains("bob"))
        let csv = try grader(["report"] + saved + ["--format", "csv"])
        XCTAssertEqual(
            try String(contentsOfFile: try XCTUnwrap(runner.outputs["csv"]), encoding: .utf8), csv.stdout)
        let html = try XCTUnwrap(runner.outputs["html"])
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    }

    /// Every step of the action and the workflows runs grade.sh with a verb it has, with variables it reads, in
    /// the Swift image of the toolchain the kit is tested with.
    func testTheWorkflowsCallOnlyTheScriptWithTheKitsToolchain() throws {
        let folder = FixtureKit.repositoryRoot.appendingPathComponent("integrations/github")
        let script = try String(contentsOf: Self.script, encoding: .utf8)
        let verbs = ["setup", "grade", "list", "merge"]
        for verb in verbs { XCTAssertTrue(script.contains("\n\(verb)) \(verb) ;;"), "grade.sh has no \(verb)") }
        let files = ["action.yml", "workflows/grade-on-push.yml", "workflows/grade-batch.yml"]
        var runs = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.hasPrefix("run:") {
                    runs += 1
                    let command = line.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: " '"))
                    XCTAssertTrue(
                        verbs.contains {
                            command == "integrations/github/grade.sh \($0)"
                                || command == "\"$GITHUB_ACTION_PATH/grade.sh\" \($0)"
                        }, "\(file): a step runs something else than grade.sh: \(command)")
                }
                if line.hasPrefix("image:") {
                    XCTAssertEqual(
                        line, "image: swift:\(GradescopeBundle.swiftVersion)-noble",
                        "\(file): the Swift image differs from the toolchain the kit pins")
                }
                if let name = line.split(separator: ":").first, name.hasPrefix("GRADER_") {
                    XCTAssertTrue(script.contains(String(name)), "\(file): grade.sh does not read \(name)")
                }
            }
        }
        XCTAssertEqual(runs, 7, "the steps that run something: 2 in the action, 5 in the batch")
    }
}

import Foundation
import GraderCore
import XCTest

/// The built `grader` binary, run as a user runs it, with a private TMPDIR: nothing of the grader's may be
/// left there after success, failure or Ctrl-C.
final class WorkFolderTests: XCTestCase {
    private var temporary: URL!
    private var fixtureKit: FixtureKit!

    override func setUpWithError() throws {
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent("grader-tmpdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        fixtureKit = try FixtureKit()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: temporary)
        fixtureKit.remove()
    }

    private func graderBinary() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("grader")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw XCTSkip("the grader executable is not built next to the tests")
    }

    private func leftovers() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
    }

    private func submission() throws -> FixtureSubmission {
        try FixtureSubmission(
            "work-folders",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ])
    }

    func testNothingIsLeftAfterSuccessOrFailure() throws {
        let grader = try graderBinary()
        let fixture = try submission()
        defer { fixture.remove() }
        let environment = ["TMPDIR": temporary.path]
        let ok = try ProcessRunner.live(
            ProcessRequest(
                grader.path, ["check", fixture.root.path, "--static-only", "--kit", fixtureKit.root.path],
                environment: environment, timeout: 120))
        XCTAssertEqual(ok.status, 1, ok.stderr)  // below the pass mark: tests not checked
        XCTAssertEqual(leftovers(), [])

        let failed = try ProcessRunner.live(
            ProcessRequest(
                grader.path, ["check", fixture.root.path, "--exercise", "counter", "--kit", "/nonexistent"],
                environment: environment, timeout: 120))
        XCTAssertEqual(failed.status, 3)
        XCTAssertEqual(leftovers(), [])
    }

    func testCtrlCDuringABuildRemovesTheWorkFolders() throws {
        let grader = try graderBinary()
        let fixture = try submission()
        defer { fixture.remove() }
        let process = Process()
        process.executableURL = grader
        // Without the build cache, so the build runs inside the work folder this test watches.
        process.arguments = ["check", fixture.root.path, "--kit", fixtureKit.root.path, "--no-cache"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { _, new in new }
        let report = Pipe()
        process.standardOutput = report
        let errors = Pipe()
        process.standardError = errors
        // Registered, or the orphan sweeper another test may have started in this process kills it as a stray.
        let pid = try RunningProcesses.launch {
            try process.run()
            return process.processIdentifier
        }
        defer { RunningProcesses.remove(pid) }
        // Wait until the build has started inside the work folder, then interrupt. The deadline is generous:
        // on a loaded 2-core machine the check may take long to reach its build.
        let deadline = Date().addingTimeInterval(600)
        func building() -> Bool {
            (FileManager.default.subpaths(atPath: temporary.path) ?? []).contains { $0.hasSuffix("/scratch/tmp") }
        }
        while Date() < deadline, process.isRunning, !building() {
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard process.isRunning, building() else {
            process.terminate()
            process.waitUntilExit()
            return XCTFail("the check never reached its build (status \(process.terminationStatus))")
        }
        XCTAssertFalse(leftovers().isEmpty, "the check should be running")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()

        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: report.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 130, message + printed.suffix(1500))
        XCTAssertEqual(message, "grader: interrupted; work folders removed\n")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(
            leftovers(), [],
            FileManager.default.subpaths(atPath: temporary.path)?.prefix(20).joined(separator: "\n") ?? "")
    }
}

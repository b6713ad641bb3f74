import Foundation
import GraderCore
import GraderReports
import XCTest

/// tools/screenshot-report.sh: the HTML report in a real headless browser.
///
/// Where Chromium is installed (`apt-get install -y chromium`) the script renders a report and a hidden one; the
/// checks it runs on the browser's output are tested without a browser in ReportInspectionTests, always.
final class ScreenshotScriptTests: XCTestCase {
    private var script: URL { FixtureKit.repositoryRoot.appendingPathComponent("tools/screenshot-report.sh") }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-screenshot-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    private func runScript(_ arguments: [String], environment: [String: String]) throws -> ProcessOutput {
        var environment = environment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["HOME"] = ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()
        return try ProcessRunner.live(
            ProcessRequest("bash", [script.path] + arguments, environment: environment, timeout: 300))
    }

    private func chromium() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in path.split(separator: ":") {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    func testTheScriptSaysSoWhenChromiumIsMissing() throws {
        let folder = try temporaryFolder()
        let html = folder.appendingPathComponent("report.html")
        try HTMLReporter.render([ReportInspectionTests.sampleResult]).write(to: html, atomically: true, encoding: .utf8)
        let output = try runScript(
            ["--html", html.path, "--out", folder.path],
            environment: ["CHROMIUM": folder.appendingPathComponent("no-such-browser").path, "GRADER": "/bin/false"])
        XCTAssertEqual(output.status, 3, output.stderr)
        XCTAssertEqual(
            output.stderr,
            "screenshot-report: not checked: Chromium is not installed (Debian/Ubuntu: apt-get install -y chromium; "
                + "elsewhere set CHROMIUM to a Chrome or Chromium binary)\n")
    }

    func testTheScriptPassesARenderedReportAndFailsAHiddenOne() throws {
        guard let browser = chromium() else {
            throw XCTSkip(
                "Chromium is not installed (apt-get install -y chromium): the browser half of the screenshot check "
                    + "did not run; its checks on PNGs run in ReportInspectionTests")
        }
        guard let grader = FixtureKit.builtGrader else {
            throw XCTSkip("the grader executable is not built next to the tests (swift build --build-tests)")
        }
        let folder = try temporaryFolder()
        let environment = ["CHROMIUM": browser, "GRADER": grader.path]
        let html = HTMLReporter.render([ReportInspectionTests.sampleResult])
        let page = folder.appendingPathComponent("report.html")
        try html.write(to: page, atomically: true, encoding: .utf8)

        let rendered = try runScript(
            ["--html", page.path, "--out", folder.appendingPathComponent("rendered").path, "--window", "1024,1400"],
            environment: environment)
        XCTAssertEqual(rendered.status, 0, rendered.stdout + rendered.stderr)
        XCTAssertTrue(rendered.stdout.contains("report.png: 1024×1400, "), rendered.stdout)
        XCTAssertTrue(rendered.stdout.contains("the browser built 4 charts"), rendered.stdout)
        XCTAssertTrue(rendered.stdout.contains("shows the whole report"), rendered.stdout)

        // The same page with its content hidden by a style: the HTML checks pass, the pixels do not.
        let hidden = folder.appendingPathComponent("hidden.html")
        try html.replacingOccurrences(of: "</style>", with: "main { visibility: hidden; }\n</style>").write(
            to: hidden, atomically: true, encoding: .utf8)
        let blank = try runScript(
            ["--html", hidden.path, "--out", folder.appendingPathComponent("hidden").path, "--window", "1024,1400"],
            environment: environment)
        XCTAssertEqual(blank.status, 1, blank.stdout + blank.stderr)
        XCTAssertTrue(blank.stdout.contains("  ✗ blank: "), blank.stdout)
        XCTAssertTrue(blank.stderr.contains("screenshot-report: FAILED"), blank.stderr)
    }
}

import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// SPEC §5: every process that runs candidate code runs confined. Each isolation this machine offers is
/// exercised (CI installs bubblewrap, so both Linux paths run there).
final class SandboxTests: XCTestCase {
    private var folder: URL!
    private let runner = ProcessRunner.live

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("grader-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("scratch"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("kit"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The sandboxes that work here, strongest first.
    private func available() -> [Sandbox] {
        var found: [Sandbox] = []
        for isolation in [Sandbox.Isolation.bubblewrap, .namespaces] {
            let sandbox = Sandbox(
                isolation: isolation, hidden: [folder.appendingPathComponent("kit").path, NSHomeDirectory()])
            if sandbox.works(runner: runner) { found.append(sandbox) }
        }
        return found
    }

    /// Bubblewrap when it works here; else nil, once the report is seen to say it is missing.
    private func bubblewrap() -> Sandbox? {
        if let sandbox = available().first(where: { $0.isolation == .bubblewrap }) { return sandbox }
        XCTAssertTrue(Sandbox.detect(runner: runner, hidden: []).notes.contains { $0.contains("install bubblewrap") })
        return nil
    }

    private func run(_ script: String, in sandbox: Sandbox, timeout: TimeInterval = 30) throws -> ProcessOutput {
        let scratch = folder.appendingPathComponent("scratch")
        let request = sandbox.confine(
            ProcessRequest(
                "/bin/sh", ["-c", script], workingDirectory: scratch, environment: ["GRADER_SECRET_PROBE": "x"],
                timeout: timeout),
            Sandbox.Access(writable: [scratch], limits: ResourceLimits(), temporaryFolder: scratch))
        return try runner(request)
    }

    func testNothingStartedInsideOutlivesTheRun() throws {
        #if os(Linux)
            let sandboxes = available()
            XCTAssertFalse(sandboxes.isEmpty, "neither bubblewrap nor unshare works here")
            for sandbox in sandboxes {
                let tag = String(86_400 + Int.random(in: 1_000..<900_000))
                let output = try run(
                    "(setsid sleep \(tag) </dev/null >/dev/null 2>&1 &); trap '' TERM HUP; echo ok", in: sandbox)
                XCTAssertEqual(output.stdout, "ok\n", "\(sandbox.isolation): \(output.stderr)")
                XCTAssertEqual(
                    ProcessProbe.running(matching: "sleep \(tag)"), [], "\(sandbox.isolation) let a daemon survive")
            }
        #endif
    }

    func testNoNetworkInside() throws {
        #if os(Linux)
            for sandbox in available() {
                // Only the loopback device, and it is down: no interface has an address to reach anything.
                let output = try run("cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '", in: sandbox)
                XCTAssertEqual(output.stdout, "lo\n", "\(sandbox.isolation): \(output.stdout) \(output.stderr)")
            }
        #endif
    }

    func testBubblewrapWritesOnlyItsOwnFoldersAndHidesTheKit() throws {
        #if os(Linux)
            guard let sandbox = bubblewrap() else { return }
            let kitFile = folder.appendingPathComponent("kit/Hidden.swift")
            try "// hidden".write(to: kitFile, atomically: true, encoding: .utf8)
            let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(
                "grader-owned-\(UUID().uuidString)")
            let hostTemporary = folder.appendingPathComponent("owned")
            let otherCheck = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "grader-other-\(UUID().uuidString)")
            try "another check's file".write(to: otherCheck, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: otherCheck) }
            let script = """
                echo scratch > written; touch \(home.path) \(hostTemporary.path) /etc/grader-owned 2>/dev/null
                cat \(kitFile.path) 2>/dev/null || echo kit-hidden
                cat \(otherCheck.path) 2>/dev/null || echo other-hidden
                echo "tmp=$TMPDIR secret=${GRADER_SECRET_PROBE:-none}"
                """
            let output = try run(script, in: sandbox)
            XCTAssertEqual(output.stdout, "kit-hidden\nother-hidden\ntmp=/tmp secret=x\n", output.stderr)
            XCTAssertEqual(
                try String(contentsOf: folder.appendingPathComponent("scratch/written"), encoding: .utf8), "scratch\n")
            for path in [home.path, hostTemporary.path, "/etc/grader-owned"] {
                XCTAssertFalse(FileManager.default.fileExists(atPath: path), "the sandbox let a process write \(path)")
                try? FileManager.default.removeItem(atPath: path)
            }
        #endif
    }

    func testBubblewrapsFileSystemsInMemoryHoldAtMostTheirSize() throws {
        #if os(Linux)
            guard var sandbox = bubblewrap() else { return }
            sandbox.temporaryBytes = 8 << 20
            sandbox.hiddenBytes = 8 << 20
            sandbox.hidden = [folder.appendingPathComponent("kit").path]
            // Files of 3 MiB each, under the 256 MiB a file may have: the third does not fit into 8 MiB.
            let script = """
                for place in /tmp \(folder.appendingPathComponent("kit").path); do
                  for n in 1 2 3; do
                    head -c 3145728 /dev/zero > $place/file$n 2>/dev/null && echo "$place $n" || echo "$place $n full"
                  done
                done
                """
            let output = try run(script, in: sandbox)
            let kit = folder.appendingPathComponent("kit").path
            XCTAssertEqual(
                output.stdout, "/tmp 1\n/tmp 2\n/tmp 3 full\n\(kit) 1\n\(kit) 2\n\(kit) 3 full\n", output.stderr)
        #endif
    }

    func testABubblewrapWithoutSizeStillIsolatesAndTheReportSaysSo() {
        // What bubblewrap before 0.6 answers: it refuses `--size`, and runs everything else.
        let old = ProcessRunner { request in
            let refused = request.arguments.contains("--size")
            return ProcessOutput(
                status: refused ? 1 : 0, stdout: "", stderr: refused ? "bwrap: Unknown option --size" : "")
        }
        let sandbox = Sandbox.detect(runner: old, hidden: [], environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(sandbox.isolation, .bubblewrap)
        XCTAssertNil(sandbox.temporaryBytes)
        XCTAssertTrue(sandbox.notes.contains { $0.contains("older than 0.6") }, "\(sandbox.notes)")

        // Any other failure of bubblewrap is not taken for an old one: the next isolation is tried.
        let broken = ProcessRunner { request in
            let bubblewrap = ([request.executable] + request.arguments).contains("bwrap")
            return ProcessOutput(
                status: bubblewrap ? 1 : 0, stdout: "", stderr: bubblewrap ? "bwrap: out of memory" : "")
        }
        let fallback = Sandbox.detect(runner: broken, hidden: [], environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(fallback.isolation, .namespaces)

        let current = ProcessRunner { _ in ProcessOutput(status: 0, stdout: "", stderr: "") }
        let bounded = Sandbox.detect(runner: current, hidden: [], environment: ["PATH": "/usr/bin:/bin"])
        XCTAssertEqual(bounded.temporaryBytes, 512 << 20)
        XCTAssertFalse(bounded.notes.contains { $0.contains("older than 0.6") })
    }

    /// The toolchain stays readable where a hidden folder covers it (a toolchain under the home folder), but a
    /// toolchain installed in /usr (the official images: its folder is `/`) must not bring back what is hidden.
    func testFoldersKeptReadableNeverUncoverAHiddenOne() throws {
        #if os(Linux)
            guard bubblewrap() != nil else { return }
            let kit = folder.appendingPathComponent("kit")
            let toolchain = kit.appendingPathComponent("toolchain")
            let cache = toolchain.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            for file in [kit, toolchain, cache] {
                try "secret\n".write(to: file.appendingPathComponent("file"), atomically: true, encoding: .utf8)
            }
            let script = [kit, toolchain, cache].map { "cat \($0.path)/file 2>/dev/null || echo hidden" }
                .joined(separator: "; ")
            let atRoot = Sandbox(isolation: .bubblewrap, hidden: [kit.path], keepReadable: ["/"])
            XCTAssertEqual(try run(script, in: atRoot).stdout, "hidden\nhidden\nhidden\n")
            let underHidden = Sandbox(
                isolation: .bubblewrap, hidden: [kit.path, cache.path], keepReadable: [toolchain.path])
            XCTAssertEqual(try run(script, in: underHidden).stdout, "hidden\nsecret\nhidden\n")
        #endif
    }

    func testConfinedRequestsCarryOnlyTheirOwnEnvironment() {
        setenv("GRADER_TEST_TOKEN", "credential", 1)
        defer { unsetenv("GRADER_TEST_TOKEN") }
        let scratch = folder.appendingPathComponent("scratch")
        for isolation in Sandbox.Isolation.allCases {
            let request = Sandbox(isolation: isolation).confine(
                ProcessRequest("tool", ["a"], environment: ["ASKED": "1"]),
                Sandbox.Access(writable: [scratch], limits: nil, temporaryFolder: scratch))
            XCTAssertFalse(request.inheritsEnvironment)
            XCTAssertNil(request.environment["GRADER_TEST_TOKEN"], "\(isolation) passed the grader's environment on")
            XCTAssertEqual(request.environment["ASKED"], "1")
            XCTAssertEqual(request.environment["TMPDIR"], isolation == .bubblewrap ? "/tmp" : scratch.path)
            XCTAssertEqual(Array(([request.executable] + request.arguments).suffix(2)), ["tool", "a"])
        }
    }
}

import Foundation
import XCTest

@testable import GraderCore

/// The live runner: output, limits, timeouts, and no process of a run alive after it returns.
final class ProcessRunnerTests: XCTestCase {
    private let runner = ProcessRunner.live

    private func marker() -> String { String(86_400 + Int.random(in: 1_000..<900_000)) }

    func testReturnsStatusOutputAndInput() throws {
        let output = try runner(
            ProcessRequest(
                "/bin/sh", ["-c", "read line; echo \"out $line\"; echo err >&2; exit 3"], input: Data("hello\n".utf8)))
        XCTAssertEqual(output.status, 3)
        XCTAssertEqual(output.stdout, "out hello\n")
        XCTAssertEqual(output.stderr, "err\n")
        XCTAssertFalse(output.succeeded)
        XCTAssertNil(output.signal)
    }

    /// Issue 14: the test lanes talk with their server while it runs (TestBatches): a line out, the answer back.
    func testATalkSendsWhileTheProgramRunsAndReadsItsAnswersByLineAndByCount() throws {
        final class Heard: @unchecked Sendable {
            var lines: [String?] = []
            var bytes: String?
            var sentAfterTheEnd = true
        }
        let heard = Heard()
        var request = ProcessRequest(
            "/bin/sh", ["-c", "while read line; do echo \"got $line\"; done; echo bye >&2"], timeout: 60)
        request.conversation = { channel in
            let deadline = DispatchTime.now() + 30
            _ = channel.send(Data("one\n".utf8))
            heard.lines.append(channel.line(until: deadline))
            _ = channel.send(Data("two\nthree\n".utf8))
            heard.lines.append(channel.line(until: deadline))
            heard.bytes = channel.bytes(10, until: deadline).map { String(decoding: $0, as: UTF8.self) }
            // Nothing is on its way while the program waits for a line: the read gives up at its deadline.
            heard.lines.append(channel.line(until: .now() + 0.2))
        }
        let output = try runner(request)
        XCTAssertEqual(heard.lines, ["got one", "got two", nil])
        XCTAssertEqual(heard.bytes, "got three\n")
        XCTAssertEqual(output.stdout, "", "the talk read the output")
        XCTAssertEqual(output.stderr, "bye\n", "the input closed when the talk returned, and the program ended")
        XCTAssertTrue(output.succeeded)

        // A program that ended reads nothing more: sending fails instead of ending the grader (SIGPIPE).
        var ended = ProcessRequest("/bin/sh", ["-c", "exit 0"], timeout: 60)
        ended.conversation = { channel in
            heard.lines = [channel.line(until: .now() + 30)]
            heard.sentAfterTheEnd = channel.send(Data(repeating: 10, count: 1 << 20))
        }
        XCTAssertTrue(try runner(ended).succeeded)
        XCTAssertEqual(heard.lines, [nil], "the end of the output")
        XCTAssertFalse(heard.sentAfterTheEnd)
    }

    func testKeepsAtMostTheLimitButCountsEveryByte() throws {
        let output = try runner(ProcessRequest("/bin/sh", ["-c", "head -c 100000 /dev/zero"], outputLimit: 1000))
        XCTAssertEqual(output.stdout.utf8.count, 1000)
        XCTAssertEqual(output.stdoutBytes, 100_000)
        XCTAssertTrue(output.truncated)
        XCTAssertTrue(output.succeeded)
    }

    func testAProgramWritingPastItsBudgetIsKilled() throws {
        // `yes` never ends by itself: only the budget stops it (the timeout is a safety net, far away).
        let output = try runner(ProcessRequest("yes", [], timeout: 600, outputLimit: 0, stdoutBudget: 1 << 20))
        XCTAssertTrue(output.exceededBudget)
        XCTAssertFalse(output.timedOut)
        XCTAssertFalse(output.succeeded)
        XCTAssertGreaterThan(output.stdoutBytes, 1 << 20)
    }

    func testASignalIsReported() throws {
        let output = try runner(ProcessRequest("/bin/sh", ["-c", "kill -9 $$"]))
        XCTAssertEqual(output.signal, 9)
        XCTAssertEqual(output.status, 137)
    }

    func testATimeoutKillsTheWholeTreeEvenANewSession() throws {
        let tag = marker()
        let output = try runner(
            ProcessRequest("/bin/sh", ["-c", "setsid sleep \(tag) & sleep \(tag)"], timeout: 1))
        XCTAssertTrue(output.timedOut)
        XCTAssertEqual(Processes.matching("sleep \(tag)"), [])
    }

    func testAGrandchildHoldingThePipeNeitherHangsNorOutlivesTheRun() throws {
        // The child ends at once; its background job keeps stdout open. Reading must stop, without a race on
        // the buffer, and the job must die with the run.
        let tag = marker()
        for _ in 0..<5 {
            let output = try runner(ProcessRequest("/bin/sh", ["-c", "echo started; sleep \(tag) &"], timeout: 60))
            XCTAssertEqual(output.stdout, "started\n")
            XCTAssertTrue(output.succeeded, "\(output)")
            XCTAssertEqual(Processes.matching("sleep \(tag)"), [])
        }
    }

    func testAnOrphanInANewSessionIsReapedWhenTheGraderAdoptsOrphans() throws {
        #if os(Linux)
            RunningProcesses.adoptOrphans()
            let tag = marker()
            // A double fork into a new session: not in the run's tree, not in its process group.
            let output = try runner(
                ProcessRequest(
                    "/bin/sh", ["-c", "(setsid sleep \(tag) </dev/null >/dev/null 2>&1 &) ; exit 0"], timeout: 60))
            XCTAssertTrue(output.succeeded)
            XCTAssertEqual(Processes.matching("sleep \(tag)"), [])
        #else
            throw XCTSkip("orphans are adopted on Linux only")
        #endif
    }

    func testAChildStartedThroughLaunchIsNoOrphanButAStrayOneIs() throws {
        #if os(Linux)
            RunningProcesses.adoptOrphans()
            func sleeper() -> Process {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sleep")
                process.arguments = ["300"]
                return process
            }
            let registered = sleeper()
            let pid = try RunningProcesses.launch {
                try registered.run()
                return registered.processIdentifier
            }
            let stray = sleeper()
            try stray.run()
            RunningProcesses.reapOrphans()
            // Killed and reaped by the sweep (so Foundation never sees it end: no waitUntilExit here).
            XCTAssertEqual(kill(stray.processIdentifier, 0), -1, "an unregistered child is taken for an orphan")
            XCTAssertTrue(registered.isRunning, "a child started through launch is the grader's own")
            registered.terminate()
            registered.waitUntilExit()
            RunningProcesses.remove(pid)
        #else
            throw XCTSkip("orphans are adopted on Linux only")
        #endif
    }

    func testAProcessThatKeepsForkingAndExitingIsStoppedWithoutLeavingZombies() throws {
        #if os(Linux)
            RunningProcesses.adoptOrphans()
            let tag = "hopper-\(marker())"
            // Each generation starts the next and exits: its pid never stays the same, its group does.
            let hopper = "f() { sleep 0.005; ( f & ); }; f # \(tag)"
            let output = try runner(
                ProcessRequest(
                    "/bin/sh", ["-c", "setsid bash -c '\(hopper)' </dev/null >/dev/null 2>&1 & sleep 0.3"], timeout: 60)
            )
            XCTAssertTrue(output.succeeded)
            // The sweeper keeps reaping while a straggler may still be mid-fork: give it a few rounds.
            var alive: [Int32] = []
            for _ in 0..<20 {
                alive = Processes.matching(tag)
                if alive.isEmpty { break }
                usleep(100_000)
            }
            XCTAssertEqual(alive, [], "the hopper outlived the run")
            XCTAssertEqual(Processes.zombieChildren(), [], "adopted orphans were left unreaped")
        #else
            throw XCTSkip("orphans are adopted on Linux only")
        #endif
    }

    func testAProgramThatCannotStartThrows() {
        XCTAssertThrowsError(try runner(ProcessRequest("/no/such/program"))) { error in
            XCTAssertTrue(error is ProcessLaunchError, "\(error)")
        }
    }
}

/// Processes alive on this machine, from /proc (Linux); empty elsewhere.
enum Processes {
    /// The test process's children that have ended and not been reaped.
    static func zombieChildren() -> [Int32] {
        #if os(Linux)
            var found: [Int32] = []
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, fields[0] == "Z", Int32(fields[1]) == getpid() { found.append(pid) }
            }
            return found
        #else
            return []
        #endif
    }

    static func matching(_ fragment: String) -> [Int32] {
        #if os(Linux)
            var found: [Int32] = []
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry), pid != getpid(),
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty,
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")"),
                    stat[stat.index(after: close)...].split(separator: " ").first != "Z"
                else { continue }
                if String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(fragment) {
                    found.append(pid)
                }
            }
            return found
        #else
            return []
        #endif
    }
}

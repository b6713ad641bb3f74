import Foundation

/// Hostile candidate code, each a `label()` body (or a whole file) for the fixture kit's Counter.
/// Names are the outcome the grader must reach.
enum HostileFixtures {
    /// CT2's tests never finish; CT1 is graded as usual.
    static let infiniteLoop = """
        var spins = 0
                while spins >= 0 { spins = (spins + 1) % 1000 }
                return ""
        """

    /// Prints what XCTest prints for a pass, then leaves with status 0 before the test ends.
    static let fakePassesThenExit = """
        print("Test Case '-[HiddenCT2.CT2LabelTests test_CT2_zeroLabel]' passed (0.001 seconds).")
                print("Test Suite 'Selected tests' passed.")
                print("\\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds")
                exit(0)
        """

    /// Writes passing records into every result file it can find, then leaves with status 0.
    static let fakeResultFiles = """
        let fake = #"{"failures":[],"status":"pass","test":"CT2LabelTests.test_CT2_zeroLabel","token":"guess"}"# + "\\n"
                for folder in [".", "..", "../results", "results"] {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                    for name in names + ["0.jsonl", "1.jsonl", "2.jsonl"] where name.hasSuffix(".jsonl") {
                        try? fake.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
                    }
                }
                exit(0)
        """

    /// Prints a gigabyte, then answers wrongly.
    static let gigabyteOfOutput = """
        let line = String(repeating: "x", count: 1 << 20)
                for _ in 0..<1024 { print(line) }
                return "wrong"
        """

    /// Touches 6 GiB when asked for the zero label, then answers correctly: only a memory limit stops it.
    static let memoryHog = """
        if value == 0 {
                    var big = [UInt8](repeating: 1, count: 6 << 30)
                    big[big.count - 1] = 2
                    if big[0] == 0 { return "" }
                }
                return value == 1 ? "1 tap" : "\\(value) taps"
        """

    /// Answers correctly only when it cannot open a TCP connection to the grader's test listener.
    static func networkProbe(port: UInt16) -> String {
        """
        #if canImport(Glibc)
            import Glibc
        #endif

        func networkReachable() -> Bool {
            #if canImport(Glibc)
                let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(socketDescriptor) }
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(\(port)).bigEndian
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let result = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                return result == 0
            #else
                return false
            #endif
        }
        """
    }

    static let networkLabel = """
        networkReachable() ? "reached the network" : (value == 1 ? "1 tap" : "\\(value) taps")
        """

    /// A manifest that, if ever evaluated, leaves a marker file.
    static func manifestWritingMarker(_ marker: String) -> String {
        """
        // swift-tools-version:5.9
        import Foundation
        import PackageDescription

        FileManager.default.createFile(atPath: "\(marker)", contents: Data("evaluated".utf8))

        let package = Package(name: "Evil", targets: [.target(name: "Counter")])
        """
    }

    // MARK: - Attacks on the result channel (issue 10)

    /// `Counter.init` reads the grader's request from standard input (a hidden test class makes a Counter when
    /// XCTest creates it, before the test starts), signs a pass with the token it found and leaves.
    static let forgeFromInitializer = #"""
        if let line = readLine() {
                    let parts = line.split(separator: " ").map(String.init)
                    if parts.count >= 3, let handle = FileHandle(forWritingAtPath: parts[0]) {
                        let record = "{\"failures\":[],\"status\":\"pass\",\"test\":\"\(parts[2])\",\"token\":\"\(parts[1])\"}\n"
                        handle.seekToEndOfFile()
                        handle.write(Data(record.utf8))
                    }
                    exit(0)
                }
        """#

    /// Declares an XCTestCase named like the hidden one, runs it so that observers see a passing test of that
    /// name, and leaves before the real test can fail.
    static let fakeTestCasePrelude = #"""
        import XCTest

        final class CT2LabelTests: XCTestCase {
            func test_CT2_zeroLabel() {}
            func test_CT2_singular() {}
            func test_CT2_plural() {}
        }

        func runFakeTest() {
            #if os(Linux)
                for name in ["test_CT2_zeroLabel", "test_CT2_singular", "test_CT2_plural"] {
                    CT2LabelTests(name: name, testClosure: { _ in }).run()
                }
            #endif
            exit(0)
        }
        """#

    static let fakeTestCaseLabel = #"""
        runFakeTest()
                return "wrong"
        """#

    /// Scans its own writable memory for the result file's path and anything that looks like a token, writes
    /// passing records with every candidate token, and leaves.
    /// Candidate code that reads its own writable memory (which a forked test shares with the server it was
    /// forked from): `anyWritableRegion` hands `body` a private copy of each region, since a region may hold the
    /// very heap the scan allocates from, until `body` returns true.
    private static let writableMemoryPrelude = #"""
        func anyWritableRegion(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return false }
            for line in maps.split(separator: "\n") where line.contains(" rw-p ") {
                let bounds = line.split(separator: " ")[0].split(separator: "-")
                guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                    end > start, end - start < 64 << 20, let base = UnsafeRawPointer(bitPattern: start)
                else { continue }
                let copy = UnsafeMutableRawPointer.allocate(byteCount: Int(end - start), alignment: 16)
                defer { copy.deallocate() }
                memcpy(copy, base, Int(end - start))
                if body(UnsafeBufferPointer(start: copy.assumingMemoryBound(to: UInt8.self), count: Int(end - start))) {
                    return true
                }
            }
            return false
        }
        """#

    static let memoryScannerPrelude =
        writableMemoryPrelude + #"""

            func forgeFromMemory() {
                var paths: Set<String> = []
                var tokens: Set<String> = []
                let hex = Set("0123456789abcdefABCDEF-".utf8)
                _ = anyWritableRegion { bytes in
                    var runStart = -1
                    var index = 0
                    while index < bytes.count {
                        let byte = bytes[index]
                        if hex.contains(byte) {
                            if runStart < 0 { runStart = index }
                        } else {
                            if runStart >= 0, index - runStart >= 32, index - runStart <= 80, tokens.count < 200 {
                                tokens.insert(String(decoding: bytes[runStart..<index], as: UTF8.self))
                            }
                            runStart = -1
                            if byte == UInt8(ascii: "/"), index + 12 <= bytes.count,
                                String(decoding: bytes[index..<index + 12], as: UTF8.self) == "/record.json"
                            {
                                var first = index
                                while first > 0, bytes[first - 1] >= 0x21, bytes[first - 1] < 0x7F { first -= 1 }
                                paths.insert(String(decoding: bytes[first..<index], as: UTF8.self) + "/record.jsonl")
                            }
                        }
                        index += 1
                    }
                    return false
                }
                for path in paths {
                    guard let handle = FileHandle(forWritingAtPath: path) else { continue }
                    handle.seekToEndOfFile()
                    for token in tokens {
                        for name in ["test_CT2_zeroLabel", "test_CT2_singular", "test_CT2_plural"] {
                            let record = "{\"failures\":[],\"status\":\"pass\",\"test\":\"CT2LabelTests/\(name)\",\"token\":\"\(token)\"}\n"
                            handle.write(Data(record.utf8))
                        }
                    }
                }
                exit(0)
            }
            """#

    static let memoryScannerLabel = #"""
        forgeFromMemory()
                return "wrong"
        """#

    /// Non-generic assertion overloads for the types the hidden tests compare: they win overload resolution
    /// inside the hidden tests unless those name XCTest's own functions.
    static let assertionOverloads = #"""
        public func XCTAssertEqual(
            _ first: @autoclosure () throws -> String, _ second: @autoclosure () throws -> String,
            _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
        ) {}

        public func XCTAssertEqual(
            _ first: @autoclosure () throws -> Int, _ second: @autoclosure () throws -> Int,
            _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
        ) {}
        """#

    /// Starts a daemon (a new session, in the background) that would outlive the check, then answers correctly.
    static func daemonLabel(marker: Int) -> String {
        #"""
        let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/sh")
                shell.arguments = ["-c", "setsid sleep \#(marker) >/dev/null 2>&1 < /dev/null &"]
                try? shell.run()
                usleep(300_000)
                return value == 1 ? "1 tap" : "\(value) taps"
        """#
    }

    /// Drops files in the home folder, the temporary folder and next to the kit's hidden tests, then answers
    /// correctly.
    static func writesOutsideLabel(paths: [String]) -> String {
        let list = paths.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"""
            for path in [\#(list)] {
                        FileManager.default.createFile(atPath: path, contents: Data("owned".utf8))
                    }
                    return value == 1 ? "1 tap" : "\(value) taps"
            """#
    }

    /// An own test class whose stored property never finishes: listing the tests creates it.
    static let blockingOwnTests = """
        import Counter
        import XCTest

        final class SlowTests: XCTestCase {
            let ready: Bool = {
                while true { sleep(1) }
            }()

            func testNothing() {
                XCTAssertTrue(ready)
            }
        }
        """

    // MARK: - The red team's attacks (issue 10, second round)

    /// Hides XCTest behind backticks and walks XCTest's observers by reflection to the harness's session,
    /// looking for the result file's path and the pass token to write a pass with.
    static let reflectionPrelude = #"""
        import `XCTest`

        func forgeByReflection() {
            var path: String?
            var token: [UInt8]?
            var test: String?
            func visit(_ value: Any, depth: Int) {
                guard depth < 8 else { return }
                for child in Mirror(reflecting: value).children {
                    switch child.label {
                    case "resultPath"?: path = child.value as? String
                    case "passToken"?: token = child.value as? [UInt8]
                    case "expectedTest"?: test = child.value as? String
                    default: break
                    }
                    visit(child.value, depth: depth + 1)
                }
            }
            visit(`XCTestObservationCenter`.shared, depth: 0)
            if let path, let token, let test, let handle = FileHandle(forWritingAtPath: path) {
                let hex = token.map { String(format: "%02x", $0) }.joined()
                handle.seekToEndOfFile()
                handle.write(Data("{\"failures\":[],\"status\":\"pass\",\"test\":\"\(test)\",\"token\":\"\(hex)\"}\n".utf8))
            }
            `exit`(0)
        }
        """#

    static let reflectionLabel = #"""
        forgeByReflection()
                return "wrong"
        """#

    /// An `exit` in a file the rule once skipped: a nested `main.swift` made the module look like an executable.
    static let nestedMainFile = "// Not the module's entry point: it sits in a subfolder.\n"

    static let exitingLabel = #"""
        exit(0)
        """#

    // MARK: - Batches (issue 14): a test process forked by the batch server must start as fresh as one of its own

    /// Answers correctly only when an earlier test left a mark in the metadata of /tmp itself, which a restore that
    /// only removes new entries keeps: its access and modification times, its mode (a red team's finding). Alone,
    /// every test finds a fresh /tmp.
    static let leavesMarksInMetadataLabel = #"""
        var info = stat()
        let magic = 4_000_000_123
        if stat("/tmp", &info) == 0, info.st_atim.tv_sec == magic || info.st_mtim.tv_sec == magic
            || (info.st_mode & 0o7777) == 0o1751
        {
            return value == 1 ? "1 tap" : "\(value) taps"
        }
        var times = [timespec(tv_sec: magic, tv_nsec: 0), timespec(tv_sec: magic, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, "/tmp", &times, 0)
        _ = chmod("/tmp", 0o1751)
        return "first"
        """#

    /// Looks through its own writable memory, which a forked test shares with the server it was forked from, for
    /// an earlier test's failure output (XCTest's "is not equal to", as text or as the hex the server reports it
    /// in) and says "leaked" if it finds one. Alone in its process, and in a batch whose server wipes what it
    /// reported, every test finds nothing and says "wrong".
    static let readsEarlierOutcomesPrelude =
        writableMemoryPrelude + #"""

            func findsAnEarlierOutcome() -> Bool {
                // Each byte one more than what it looks for, so the scan never finds its own needles.
                let needles: [[UInt8]] = [
                    [106, 116, 33, 111, 112, 117, 33, 102, 114, 118, 98, 109, 33, 117, 112],
                    [55, 58, 56, 52, 51, 49, 55, 102, 55, 103, 56, 53, 51, 49, 55, 54, 56, 50, 56, 54, 55, 50, 55, 100, 51, 49, 56, 53, 55, 103],
                ]
                return anyWritableRegion { bytes in
                    for needle in needles where bytes.count >= needle.count {
                        var index = 0
                        while index <= bytes.count - needle.count {
                            if bytes[index] &+ 1 == needle[0],
                                needle.indices.allSatisfy({ bytes[index + $0] &+ 1 == needle[$0] })
                            {
                                return true
                            }
                            index += 1
                        }
                    }
                    return false
                }
            }
            """#

    static let readsEarlierOutcomesLabel = #"""
        return findsAnEarlierOutcome() ? "leaked" : "wrong"
        """#

    /// Answers correctly only when an earlier test left a mark: in a file under /tmp, the home folder, /dev,
    /// /dev/shm, its folder or the one above, a folder under /tmp it made unreadable with a file in it (which
    /// no restore can remove: the batch must notice), or through a process that keeps writing one. Alone in its
    /// process, every test finds nothing.
    static let leavesStateLabel = #"""
        let marks = ["/tmp/grader-mark", NSHomeDirectory() + "/grader-mark", "/dev/shm/grader-mark", "/dev/grader-mark",
                    "grader-mark", "../grader-mark", "/tmp/grader-locked", "/tmp/grader-late"]
                if marks.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
                    return value == 1 ? "1 tap" : "\(value) taps"
                }
                for mark in marks.dropLast(2) { FileManager.default.createFile(atPath: mark, contents: Data()) }
                // A folder that cannot be emptied once it is unreadable.
                try? FileManager.default.createDirectory(atPath: "/tmp/grader-locked", withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: "/tmp/grader-locked/inside", contents: Data())
                chmod("/tmp/grader-locked", 0)
                let writer = Process()
                writer.executableURL = URL(fileURLWithPath: "/bin/sh")
                writer.arguments = ["-c", "while true; do touch /tmp/grader-late; sleep 0.01; done >/dev/null 2>&1 &"]
                try? writer.run()
                usleep(100_000)
                return "first"
        """#

    /// What a test can leave in the IPC namespace a batch's tests share: System V shared memory, a semaphore set
    /// and a message queue under one key, and a POSIX message queue (mq_open is variadic, so it is called through
    /// a pointer of a fixed type, as a determined candidate would).
    static let leavesIPCPrelude = #"""
        let graderKey: key_t = 0x6772_6164
        typealias GraderQueueOpen = @convention(c) (UnsafePointer<CChar>, Int32, mode_t, UnsafeRawPointer?) -> Int32

        func graderQueue(_ flags: Int32) -> Int32 {
            guard let symbol = dlsym(nil, "mq_open") else { return -1 }
            return unsafeBitCast(symbol, to: GraderQueueOpen.self)("/grader-mark", flags, 0o600, nil)
        }
        """#

    /// Right only when a test before it left an IPC object behind; otherwise it leaves them and answers wrong.
    static let leavesIPCLabel = #"""
        if shmget(graderKey, 0, 0) >= 0 || semget(graderKey, 0, 0) >= 0 || msgget(graderKey, 0) >= 0
                    || graderQueue(O_RDONLY) >= 0
                {
                    return value == 1 ? "1 tap" : "\(value) taps"
                }
                _ = shmget(graderKey, 16, IPC_CREAT | 0o600)
                _ = semget(graderKey, 1, IPC_CREAT | 0o600)
                _ = msgget(graderKey, IPC_CREAT | 0o600)
                _ = graderQueue(O_CREAT | O_RDWR)
                return "first"
        """#

    /// The zero label crashes, the singular one never ends, the plural one is right.
    static let crashesAndHangsLabel = #"""
        if value == 0 { fatalError("boom") }
                if value == 1 { while true { usleep(1000) } }
                return "\(value) taps"
        """#

    /// Kills its parent (the batch server, when there is one: the sandbox's init, which ignores it), then answers
    /// correctly.
    static let killsItsParentLabel = #"""
        kill(getppid(), SIGKILL)
                usleep(100_000)
                return value == 1 ? "1 tap" : "\(value) taps"
        """#

    /// A global whose initializer, on the main thread, waits while a second thread asks for the same global: the
    /// second thread waits on the Swift runtime's lock, which a forked process's main thread can only hand on
    /// when its cached thread id is its own (GraderBatch.c).
    static let contendedGlobalPrelude = #"""
        let contendedDone = DispatchSemaphore(value: 0)

        enum Contended {
            static let value: Int = {
                Thread {
                    _ = Contended.value
                    contendedDone.signal()
                }.start()
                usleep(100_000)
                return 1
            }()
        }
        """#

    /// Initializes the contended global, waits for the second thread, then answers correctly only in a batch.
    static let contendedGlobalLabel = #"""
        _ = Contended.value
                contendedDone.wait()
                let batched = ProcessInfo.processInfo.environment["GRADER_RESULT_CHANNEL"] == "batch"
                return batched ? (value == 1 ? "1 tap" : "\(value) taps") : "alone"
        """#

    /// The candidate's own tests: one fails, one crashes (in a batch it runs again on its own, and still crashes).
    static let failingAndCrashingOwnTests = """
        import Counter
        import XCTest

        final class MoreTests: XCTestCase {
            func testFails() {
                XCTAssertEqual(Counter().value, 1)
            }

            func testCrashes() {
                let values: [Int] = []
                XCTAssertEqual(values[1], 0)
            }
        }
        """

    /// Answers correctly only when it can read the environment of the sandbox's init (process 1) through /proc, as
    /// it could trace it. Alone that is bubblewrap's init, which dies with the test; in a batch it must be the
    /// server, which outlives every test and holds their secrets, and is not dumpable.
    static let readsItsParentLabel = #"""
        let readable = FileManager.default.contents(atPath: "/proc/1/environ") != nil
                return readable ? (value == 1 ? "1 tap" : "\(value) taps") : "unreadable"
        """#

    /// Answers correctly only when the test's process can start threads but no process: `fork()` and `Process`
    /// both fail (a fork bomb would fill the machine's process table; GraderNoProcesses.c).
    static let startsProcessesLabel = #"""
        var started = 0
                for _ in 0..<32 {
                    let child = fork()
                    if child == 0 { _exit(0) }
                    if child > 0 {
                        started += 1
                        waitpid(child, nil, 0)
                    }
                }
                let shell = Process()
                shell.executableURL = URL(fileURLWithPath: "/bin/true")
                let spawned = (try? shell.run()) != nil
                if spawned { shell.waitUntilExit() }
                let ran = DispatchSemaphore(value: 0)
                Thread { ran.signal() }.start()
                let threads = ran.wait(timeout: .now() + 10) == .success
                guard started == 0, !spawned, threads else {
                    return "forked \(started) times, spawned: \(spawned), a thread ran: \(threads)"
                }
                return value == 1 ? "1 tap" : "\(value) taps"
        """#

    /// Answers correctly only in a process that got the own tests' variable: a hidden test that ran with what the
    /// grader sets for an own test in a lane both share (issue 14).
    static let seesTheOwnTestsVariableLabel = #"""
        let own = ProcessInfo.processInfo.environment["GRADER_OWN_TESTS"] != nil
                return own ? (value == 1 ? "1 tap" : "\(value) taps") : "a hidden test"
        """#

    /// Answers correctly only when an earlier test left a mark in a `profiles` folder above its working folder,
    /// where the own tests' coverage profiles are collected: the channel a red team found while the shared lanes
    /// could write there (issue 14). It leaves the mark wherever it can.
    static let marksWhereProfilesGoLabel = #"""
        let here = FileManager.default.currentDirectoryPath
                let marks = ["..", "../..", "../../..", "../../../.."].map { here + "/" + $0 + "/profiles/grader-mark" }
                if marks.contains(where: { FileManager.default.fileExists(atPath: $0) }) {
                    return value == 1 ? "1 tap" : "\(value) taps"
                }
                for mark in marks { FileManager.default.createFile(atPath: mark, contents: Data()) }
                return "first"
        """#

    /// An own test that passes only when it cannot fork.
    static let ownTestThatForks = """
        import Counter
        import Foundation
        import XCTest

        final class ProcessTests: XCTestCase {
            func testTheTestCannotFork() {
                let child = fork()
                if child == 0 { _exit(0) }
                XCTAssertEqual(child, -1)
            }
        }
        """

    /// Answers correctly only in a process forked by the batch server (its environment names the batch channel):
    /// the proof that a batch ran.
    static let parentLabel = #"""
        let batched = ProcessInfo.processInfo.environment["GRADER_RESULT_CHANNEL"] == "batch"
                return batched ? (value == 1 ? "1 tap" : "\(value) taps") : "alone"
        """#
}

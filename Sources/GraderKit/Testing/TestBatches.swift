import Foundation
import GraderCore

/// Tests in batches: one sandbox per lane, in which the harness's batch server (GraderBatch.c) forks a process
/// for each test before `main`. A test pays for a fork instead of a sandbox, a program load and XCTest's start;
/// what it sees is what a process of its own would see (docs/grading.md, "Batches"). Callers take an outcome only
/// when the test ended by itself, and run every other test on its own.
struct TestBatches {
    /// One test for the batch server.
    struct Request {
        /// The test's place in the caller's plan.
        var index: Int
        /// The test binary's arguments that run this one test.
        var arguments: [String]
        /// `Class/method` for a hidden test, whose harness signs its record; nil for the candidate's own tests.
        var signedTest: String?
        /// Whether the test writes a coverage profile, which the server reads from the batch folder when the test
        /// has ended and reports with its outcome (`Outcome.profile`): no folder a test writes outlives the test.
        var profile: Bool = false
        /// Variables set in this test's process alone, before `main` (over the lane's `environment`).
        var environment: [String: String] = [:]
        /// Seconds this test may take; nil: the batch's `timeout`.
        var timeout: TimeInterval? = nil
    }

    var runner: ProcessRunner
    var jobs: Int
    /// Seconds one test may take.
    var timeout: TimeInterval
    /// Bytes of each output stream kept.
    var outputLimit: Int
    /// Variables set in every test process.
    var environment: [String: String]

    /// The outcomes the servers reported, by request index. A changed binary or a single test is left to the
    /// per-test path (which says why, or costs the same), and so is everything when the test processes run
    /// without resource limits: `RLIMIT_MSGQUEUE` 0 is what keeps a POSIX message queue from passing from one
    /// test of a lane to the next.
    ///
    /// The lanes take the tests one at a time from one queue, in order. `jobs` lanes start; a lane whose test is
    /// idle (the server says so: it waits out a timeout) gives its places in the runner's limits back until its
    /// test has ended, and another lane starts for the tests still queued, up to `2 × jobs` lanes: a test that
    /// waits holds no place another could compute in (docs/performance.md, "Lanes that grow as tests wait").
    func run(_ requests: [Request], launcher: TestLauncher, folder: URL, writable: [URL] = []) -> [Int: Outcome] {
        guard requests.count > 1, launcher.sandbox.isolation == .bubblewrap, launcher.sandbox.appliesLimits,
            launcher.verify(runner: runner) == nil
        else { return [:] }
        var queued: [Queued] = []
        var allowed: TimeInterval = 0
        for request in requests {
            guard let line = line(for: request) else { continue }
            queued.append(line)
            allowed += request.timeout ?? timeout
        }
        guard !queued.isEmpty else { return [:] }
        let total = allowed
        let lanes = LanePool(
            queue: queued, initial: min(max(1, jobs), queued.count), most: min(2 * max(1, jobs), queued.count)
        ) { number, pool in
            runLane(
                number, pool: pool, launcher: launcher, folder: folder.appendingPathComponent("lane\(number)"),
                writable: writable, allowed: total)
        }
        return lanes.run()
    }

    /// One test as the server reads it, with what the grader keeps to read its outcome.
    struct Queued: Sendable {
        var request: Request
        var line: String
        var status: String
        var token: String?
        var seconds: TimeInterval
    }

    /// The request's line for the server (GraderBatch.c), or nil when a field cannot be written there.
    private func line(for request: Request) -> Queued? {
        let token = request.signedTest.map { _ in HiddenTestRunner.newToken() }
        let status = HiddenTestRunner.newToken()
        let variables = request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let seconds = request.timeout ?? timeout
        let fields = [
            token ?? "-", request.signedTest ?? "-", request.arguments.joined(separator: "\u{1f}"), status,
            request.profile ? "1" : "-", variables.isEmpty ? "-" : variables.joined(separator: "\u{1f}"),
            request.timeout.map { String(Int(($0 * 1000).rounded())) } ?? "-",
        ]
        guard fields.allSatisfy({ !$0.contains("\t") && !$0.contains("\n") }),
            !request.arguments.contains(where: { $0.isEmpty || $0.contains("\u{1f}") }),
            !request.environment.contains(where: { name, value in
                name.isEmpty || name.contains("=") || (name + value).contains("\u{1f}")
            }),
            seconds >= 0, seconds <= 86400
        else { return nil }
        let line = fields.joined(separator: "\t") + "\n"
        guard line.utf8.count < Self.maxLineBytes else { return nil }
        return Queued(request: request, line: line, status: status, token: token, seconds: seconds)
    }

    /// Bytes of one request line the server takes (GraderBatch.c's `GRADER_BATCH_MAX_INPUT`).
    static let maxLineBytes = 64 << 10

    /// Seconds past a test's own time limit the grader waits for its outcome: the server puts the sandbox back
    /// before the test and writes the outcome after it.
    static let reportMargin: TimeInterval = 60

    /// One lane: a sandbox whose server runs the queue's tests one at a time, each sent once the last one's
    /// outcome is in. The lane holds its places in the runner's limits while its test computes.
    private func runLane(
        _ number: Int, pool: LanePool, launcher: TestLauncher, folder: URL, writable: [URL], allowed: TimeInterval
    ) {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        guard (try? manager.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            !folder.path.contains(":")
        else { return }
        defer { try? manager.removeItem(at: folder) }
        let places = runner.places
        places.take()
        guard let first = pool.next() else {
            places.give()
            return
        }
        let holding = Flag(true)
        let limits = [HiddenTestRunner.maxRecordBytes + 1, outputLimit, outputLimit, Self.maxProfileBytes]
        var request = launcher.request(
            launcher.command.xctest(nil), writable: [folder] + writable, workingDirectory: folder,
            environment: environment.merging([
                "GRADER_RESULT_CHANNEL": "batch", "LLVM_PROFILE_FILE": "/dev/null", "NO_COLOR": "1",
                "GRADER_BATCH_FOLDER": folder.path, "GRADER_BATCH_TIMEOUT_MS": String(Int(timeout * 1000)),
                "GRADER_BATCH_OUTPUT_LIMIT": String(outputLimit),
                "GRADER_BATCH_CLEAN": Self.restoredFolders(launcher.sandbox).joined(separator: ":"),
            ]) { _, own in own },
            input: nil, timeout: allowed + Self.reportMargin, outputLimit: outputLimit, asInit: true)
        request.conversation = { channel in
            var current: Queued? = first
            while let test = current {
                if !holding.value {
                    places.take()
                    holding.value = true
                }
                guard channel.send(Data(test.line.utf8)),
                    let outcome = Self.outcome(
                        of: test, from: channel, limits: limits,
                        idle: {
                            if holding.value {
                                places.give()
                                holding.value = false
                            }
                            pool.idle()
                        })
                else { return }
                pool.report(test, outcome)
                current = pool.next()
            }
        }
        _ = try? (runner.unlimited ?? runner.run)(request)
        if holding.value { places.give() }
    }

    /// Reads the server's answer to `test`: its outcome (nil inside for a test the server could not run), calling
    /// `idle` for each `idle` line on the way; nil when the lane broke off (it ended, wrote what does not parse, or
    /// passed the test's time limit and the margin).
    private static func outcome(
        of test: Queued, from channel: ProcessChannel, limits: [Int], idle: () -> Void
    ) -> Outcome?? {
        let deadline = DispatchTime.now() + test.seconds + reportMargin
        while let line = channel.line(until: deadline) {
            if line == "idle" {
                idle()
                continue
            }
            let words = line.split(separator: " ").map(String.init)
            guard words.first == test.status else { return nil }
            if words.count == 2, words[1] == "none" { return .some(nil) }
            guard words.count == 9, let sizes = Optional(words[5...8].compactMap { Int($0) }), sizes.count == 4,
                zip(sizes, limits).allSatisfy({ $0 >= 0 && $0 <= $1 }),
                let body = channel.bytes(2 * sizes.reduce(0, +) + 1, until: deadline)
            else { return nil }
            let text = line + "\n" + String(decoding: body, as: UTF8.self)
            guard var outcome = outcomes(in: text, tokens: [test.status], limits: limits)[test.status] else {
                return nil
            }
            outcome.passToken = test.token
            return .some(outcome)
        }
        return nil
    }

    /// The folders a batch server puts back after each test: the sandbox's private `/tmp` and `/dev`, and the
    /// empty folders it mounts over hidden ones (each a fresh, writable file system in a sandbox of its own).
    static func restoredFolders(_ sandbox: Sandbox) -> [String] {
        // The server walks each folder once however it is spelled ("/tmp/" is "/tmp"; GraderBatch.c).
        let hidden = sandbox.hidden.filter { $0 != "/" && $0 != "/tmp" && FileManager.default.fileExists(atPath: $0) }
        return (["/tmp", "/dev"] + hidden).filter { !$0.contains(":") }
    }

    /// Bytes of a coverage profile the server reports at most (GraderBatch.c's `GRADER_BATCH_MAX_PROFILE` less
    /// one); a test whose profile is longer gets no outcome here and runs on its own.
    static let maxProfileBytes = 8 << 20

    /// What the server reported for one test.
    struct Outcome {
        var output: ProcessOutput
        /// The bytes of the test's result file (empty for the candidate's own tests).
        var record: Data
        /// The coverage profile the test wrote, when its request asked for one (else empty).
        var profile = Data()
        /// The pass token the test's harness held, for a hidden test.
        var passToken: String? = nil
        /// Whether the test ended by itself (no crash, no time limit): only then does its outcome stand.
        var endedByItself: Bool { !output.timedOut && output.signal == nil }
    }

    /// The server's reports, by status token: a line `<status token> exit|signal|timeout <value> <milliseconds>
    /// <truncated> <record bytes> <stdout bytes> <stderr bytes> <profile bytes>`, then those bytes as hex digits and
    /// a line end
    /// (sizes over `limits` are refused). Only the server knows the tokens, and it writes once no test process is
    /// left; a token reported twice proves nothing (its test runs again on its own), and whatever does not parse
    /// is skipped.
    static func outcomes(in text: String, tokens: Set<String>, limits: [Int]) -> [String: Outcome] {
        let bytes = Array(text.utf8)
        var outcomes: [String: Outcome] = [:]
        var repeated: Set<String> = []
        var position = 0
        while position < bytes.count {
            guard let end = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let words = String(decoding: bytes[position..<end], as: UTF8.self).split(separator: " ").map(String.init)
            position = end + 1
            guard words.count == 9, tokens.contains(words[0]), let value = Int32(words[2]),
                let milliseconds = Int(words[3]), let sizes = Optional(words[5...8].compactMap { Int($0) }),
                sizes.count == 4, zip(sizes, limits).allSatisfy({ $0 >= 0 && $0 <= $1 }),
                2 * sizes.reduce(0, +) <= bytes.count - position
            else { continue }
            var parts: [Data] = []
            for size in sizes {
                guard let part = Self.unhex(bytes[position..<(position + 2 * size)]) else { break }
                parts.append(part)
                position += 2 * size
            }
            guard parts.count == 4 else { continue }
            if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
            var output: ProcessOutput
            switch words[1] {
            case "exit": output = ProcessOutput(status: value, stdout: "", stderr: "")
            case "signal": output = ProcessOutput(status: 128 + value, stdout: "", stderr: "", signal: value)
            case "timeout":
                output = ProcessOutput(status: 128 + SIGKILL, stdout: "", stderr: "", timedOut: true, signal: SIGKILL)
            default: continue
            }
            output.stdout = String(decoding: parts[1], as: UTF8.self)
            output.stderr = String(decoding: parts[2], as: UTF8.self)
            output.duration = Double(milliseconds) / 1000
            output.truncated = words[4] == "1"
            if outcomes.updateValue(Outcome(output: output, record: parts[0], profile: parts[3]), forKey: words[0])
                != nil
            {
                repeated.insert(words[0])
            }
        }
        for token in repeated { outcomes[token] = nil }
        return outcomes
    }

    /// The bytes `digits` spell in lowercase hex, or nil. Through buffers and a table: the own tests' coverage
    /// profiles come this way (about 1.4 MB for movie-client's 17), and a byte-at-a-time `Data.append` took 0.12 s
    /// of a debug build's time for that, against 0.008 s.
    private static func unhex(_ digits: ArraySlice<UInt8>) -> Data? {
        guard digits.count % 2 == 0 else { return nil }
        let count = digits.count / 2
        var valid = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            digits.withUnsafeBufferPointer { source in
                hexValues.withUnsafeBufferPointer { values in
                    for index in 0..<count {
                        let high = values[Int(source[2 * index])]
                        let low = values[Int(source[2 * index + 1])]
                        guard high < 16, low < 16 else {
                            valid = false
                            return
                        }
                        buffer[index] = high << 4 | low
                    }
                }
            }
            initialized = valid ? count : 0
        }
        return valid ? Data(bytes) : nil
    }

    /// Each byte's value as a lowercase hex digit, 255 for any other byte.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt8(byte) - UInt8(ascii: "a") + 10
        default: return 255
        }
    }
}

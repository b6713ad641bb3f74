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
    func run(_ requests: [Request], launcher: TestLauncher, folder: URL, writable: [URL] = []) -> [Int: Outcome] {
        guard requests.count > 1, launcher.sandbox.isolation == .bubblewrap, launcher.sandbox.appliesLimits,
            launcher.verify(runner: runner) == nil
        else { return [:] }
        // At most `maxPerLane` tests a sandbox, so what one server reports stays small.
        let laneCount = min(max(jobs, (requests.count + Self.maxPerLane - 1) / Self.maxPerLane), requests.count)
        let lanes = (0..<laneCount).map { lane in
            stride(from: lane, to: requests.count, by: laneCount).map { requests[$0] }
        }
        let answers = parallelMap(Array(lanes.enumerated()), jobs: laneCount) { lane, requests in
            runLane(
                requests, launcher: launcher, folder: folder.appendingPathComponent("lane\(lane)"), writable: writable)
        }
        return answers.reduce(into: [:]) { all, lane in all.merge(lane) { first, _ in first } }
    }

    /// Tests one batch server runs at most.
    static let maxPerLane = 256

    /// The folders a batch server puts back after each test: the sandbox's private `/tmp` and `/dev`, and the
    /// empty folders it mounts over hidden ones (each a fresh, writable file system in a sandbox of its own).
    static func restoredFolders(_ sandbox: Sandbox) -> [String] {
        let hidden = sandbox.hidden.filter { $0 != "/" && $0 != "/tmp" && FileManager.default.fileExists(atPath: $0) }
        return (["/tmp", "/dev"] + hidden).filter { !$0.contains(":") }
    }

    private func runLane(_ requests: [Request], launcher: TestLauncher, folder: URL, writable: [URL]) -> [Int: Outcome]
    {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        guard (try? manager.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            !folder.path.contains(":")
        else { return [:] }
        defer { try? manager.removeItem(at: folder) }

        var sent: [String: (request: Request, token: String?)] = [:]
        var input = ""
        var allowed: TimeInterval = 0
        var reportBytes = 0
        for request in requests {
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
            else { continue }
            input += fields.joined(separator: "\t") + "\n"
            sent[status] = (request, token)
            allowed += seconds
            reportBytes += 2 * (2 * outputLimit + HiddenTestRunner.maxRecordBytes + 1) + 512
            if request.profile { reportBytes += 2 * (Self.maxProfileBytes + 1) }
        }
        guard !sent.isEmpty else { return [:] }
        let request = launcher.request(
            launcher.command.xctest(nil), writable: [folder] + writable, workingDirectory: folder,
            environment: environment.merging([
                "GRADER_RESULT_CHANNEL": "batch", "LLVM_PROFILE_FILE": "/dev/null", "NO_COLOR": "1",
                "GRADER_BATCH_FOLDER": folder.path, "GRADER_BATCH_TIMEOUT_MS": String(Int(timeout * 1000)),
                "GRADER_BATCH_OUTPUT_LIMIT": String(outputLimit),
                "GRADER_BATCH_CLEAN": Self.restoredFolders(launcher.sandbox).joined(separator: ":"),
            ]) { _, own in own },
            input: Data(input.utf8), timeout: allowed + 60,
            outputLimit: reportBytes,
            asInit: true)
        guard let output = try? runner(request) else { return [:] }

        var outcomes: [Int: Outcome] = [:]
        let limits = [HiddenTestRunner.maxRecordBytes + 1, outputLimit, outputLimit, Self.maxProfileBytes]
        for (status, reported) in Self.outcomes(in: output.stdout, tokens: Set(sent.keys), limits: limits) {
            guard let (request, token) = sent[status] else { continue }
            var outcome = reported
            outcome.passToken = token
            outcomes[request.index] = outcome
        }
        return outcomes
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

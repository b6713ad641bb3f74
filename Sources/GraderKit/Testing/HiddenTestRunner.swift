import Foundation
import GraderCore

/// Runs every hidden test in a sandboxed process of its own (in batches where the sandbox allows it: TestBatches)
/// and reads its outcome from the private result channel.
public struct HiddenTestRunner: Sendable {
    public var runner: ProcessRunner
    /// Seconds one test may take before it is killed and counted as an error.
    public var timeout: TimeInterval
    /// Processes run at once.
    public var jobs: Int
    /// Told after each test with how many have finished and how many there are, in increasing order.
    public var onFinished: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Bytes of a test's output kept as evidence.
    public var outputLimit: Int
    /// Variables set in every test process besides the channel's (verify and mutate choose a variant with one).
    public var environment: [String: String] = [:]
    /// Whether tests run through the batch server (TestBatches: one sandbox per lane, a forked process per test)
    /// where the sandbox allows it: bubblewrap, whose PID namespace the server needs (CheckOptions.batches).
    public var batches = true
    /// Lanes shared with the own tests (RunStage), in which these tests run as party `SharedLanes.hidden`; nil
    /// runs lanes of their own.
    var lanes: SharedLanes?

    public init(runner: ProcessRunner = .live, timeout: TimeInterval = 10, jobs: Int = 2, outputLimit: Int = 64 << 10) {
        self.runner = runner
        self.timeout = timeout
        self.jobs = max(1, jobs)
        self.outputLimit = outputLimit
    }

    /// Results for every test of `suite`, in suite order. Tests that could not run are errors saying why.
    public func run(
        suite: HiddenSuite, rubric: Rubric, build: BuildOutcome, launcher: TestLauncher?, workDirectory: URL,
        module: (String) -> String
    ) -> [TestResult] {
        let resultsFolder = workDirectory.appendingPathComponent("results")
        let runFolder = workDirectory.appendingPathComponent("run")
        for folder in [resultsFolder, runFolder] {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let taskIDs = Dictionary(uniqueKeysWithValues: rubric.requirements.enumerated().map { ($1.id, $0 + 1) })
        let points = Dictionary(
            rubric.criteria.filter { $0.kind == .tests }.map { ($0.requirement ?? $0.id, $0.points) },
            uniquingKeysWith: +)

        /// `test` is run as `<module>.<test>`.
        var planned:
            [(requirement: String, module: String, test: String, share: Double, blocked: String?, symbol: String?)] = []
        for requirement in suite.requirements {
            let share = requirement.tests.isEmpty ? 0 : (points[requirement.id] ?? 0) / Double(requirement.tests.count)
            let blocked: String?
            let symbol = build.brokenRequirements[requirement.id]?.lazy.compactMap { ExpectedSymbol.from($0) }.first
            if let failure = build.failure {
                blocked = "not run: \(failure)"
            } else if let errors = build.brokenRequirements[requirement.id] {
                blocked = Self.contractMessage(errors)
            } else if launcher == nil {
                blocked = "not run: no test binary"
            } else {
                blocked = nil
            }
            let testModule = module(requirement.id)
            planned += requirement.tests.map { test in
                // A test cut out of the build alone (it called what the submission renamed) is an error alone.
                guard blocked == nil, let errors = build.brokenTests[test] else {
                    return (requirement.id, testModule, test, share, blocked, symbol)
                }
                let expected = errors.lazy.compactMap { ExpectedSymbol.from($0) }.first
                return (requirement.id, testModule, test, share, Self.contractMessage(errors), expected)
            }
        }

        let finished = FinishedCount(total: planned.count, report: onFinished)
        var batched: [Int: TestResult] = [:]
        if let launcher, batches {
            let requests = planned.indices.filter { planned[$0].blocked == nil }.map { index in
                TestBatches.Request(
                    index: index, arguments: [Self.filter(planned[index].module, planned[index].test)],
                    signedTest: planned[index].test)
            }
            let batch = TestBatches(
                runner: runner, jobs: jobs, timeout: timeout, outputLimit: outputLimit, environment: environment)
            let outcomes =
                lanes?.run(requests, party: SharedLanes.hidden, batches: batch)
                ?? batch.run(requests, launcher: launcher, folder: workDirectory.appendingPathComponent("batches"))
            // A test that ended by itself with a record stands; a crash, a hang or no record is decided by the
            // test's run on its own, so a process forked in a batch never costs a test what it would not alone.
            for (index, outcome) in outcomes where outcome.endedByItself {
                let item = planned[index]
                guard let token = outcome.passToken,
                    let record = Self.record(outcome.record, token: token, test: item.test)
                else { continue }
                batched[index] = Self.result(
                    outcome.output, record, name: item.test, requirement: item.requirement, share: item.share,
                    taskID: taskIDs[item.requirement], timeout: timeout)
            }
            for _ in batched { finished.increment() }
        }
        return parallelMap(Array(planned.enumerated()), jobs: jobs) { index, item in
            if let result = batched[index] { return result }
            defer { finished.increment() }
            guard item.blocked == nil, let launcher else {
                return TestResult(
                    name: item.test, requirement: item.requirement, status: .error,
                    message: item.blocked ?? "not run: no test binary", taskId: taskIDs[item.requirement], score: 0,
                    maxScore: Self.round(item.share), expectedSymbol: item.symbol)
            }
            let results = resultsFolder.appendingPathComponent("\(index)")
            let run = runFolder.appendingPathComponent("\(index)")
            defer { for folder in [results, run] { try? FileManager.default.removeItem(at: folder) } }
            return runOne(
                Self.filter(item.module, item.test), name: item.test, requirement: item.requirement, share: item.share,
                taskID: taskIDs[item.requirement], launcher: launcher, results: results, run: run)
        }
    }

    /// "the tests expect …": the compiler's first errors, naming the symbol the tests expected.
    static func contractMessage(_ errors: [CompilerDiagnostic]) -> String {
        let messages = errors.prefix(3).map { "\($0.message) (\(($0.path as NSString).lastPathComponent):\($0.line))" }
        return "does not compile against the submission's API: " + messages.joined(separator: "; ")
    }

    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// Runs one test in a fresh folder of its own, with a folder of its own for the one result record.
    private func runOne(
        _ identifier: String, name: String, requirement: String, share: Double, taskID: Int?, launcher: TestLauncher,
        results: URL, run: URL
    ) -> TestResult {
        let failed = { (message: String, tampered: Bool) in
            Self.result(
                nil, nil, name: name, requirement: requirement, share: share, taskID: taskID, timeout: timeout,
                message: message, tampered: tampered)
        }
        let resultFile = results.appendingPathComponent("record.jsonl")
        let manager = FileManager.default
        guard (try? manager.createDirectory(at: results, withIntermediateDirectories: true)) != nil,
            (try? manager.createDirectory(at: run, withIntermediateDirectories: true)) != nil,
            manager.createFile(atPath: resultFile.path, contents: Data())
        else { return failed("could not create the test's folders", false) }
        if let changed = launcher.verify(runner: runner) { return failed(changed, true) }

        let token = Self.newToken()
        let test = Self.classAndMethod(identifier)
        let request = launcher.request(
            launcher.command.xctest(identifier), writable: [results, run], workingDirectory: run,
            environment: environment.merging(
                ["GRADER_RESULT_CHANNEL": "stdin", "LLVM_PROFILE_FILE": "/dev/null", "NO_COLOR": "1"]) { _, own in own
                },
            input: Data("\(resultFile.path) \(token) \(test)\n".utf8), timeout: timeout, outputLimit: outputLimit)
        guard let output = (try? runner(request)).map(launcher.sandbox.interpret) else {
            return failed("could not start the test process", false)
        }
        return Self.result(
            output, Self.record(in: resultFile, token: token, test: test), name: name, requirement: requirement,
            share: share, taskID: taskID, timeout: timeout)
    }

    /// 32 random hex digits.
    static func newToken() -> String {
        (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }

    /// A test's result from how its process ended and the record it left (nil: none, or not run, with `message`).
    static func result(
        _ output: ProcessOutput?, _ record: Record?, name: String, requirement: String, share: Double, taskID: Int?,
        timeout: TimeInterval, message: String? = nil, tampered: Bool = false
    ) -> TestResult {
        let maxScore = Self.round(share)
        func result(
            _ status: TestResult.Status, _ message: String?, _ output: ProcessOutput?, tampered: Bool = false
        ) -> TestResult {
            // Output is evidence for a failure; a passing test's output is noise.
            TestResult(
                name: name, requirement: requirement, status: status, message: message,
                output: status == .pass ? nil : output.map { Self.evidence($0) }, taskId: taskID,
                score: status == .pass ? maxScore : 0, maxScore: maxScore, duration: output?.duration,
                tampered: tampered ? true : nil)
        }
        guard let output else {
            return result(.error, message ?? "could not start the test process", nil, tampered: tampered)
        }
        switch record {
        case .none:
            if output.timedOut { return result(.error, "timed out after \(Figures.seconds(timeout)) s", output) }
            if let signal = output.signal { return result(.error, "crashed (signal \(signal))", output) }
            return result(.error, "ended without a result (exit status \(output.status))", output)
        case .pass:
            return output.succeeded
                ? result(.pass, nil, output)
                : result(.error, "passed, then the process ended with status \(output.status)", output)
        case .fail(let failures):
            let message = failures.isEmpty ? "failed" : failures.joined(separator: "; ")
            return result(
                .fail, message.count > Self.maxMessage ? message.prefix(Self.maxMessage) + "…" : message, output)
        case .skipped:
            return result(.error, "skipped: a hidden test never skips", output)
        case .tampered(let reason):
            return result(.error, "tampered: \(reason)", output, tampered: true)
        }
    }

    /// XCTest's filter for `test` (`Class/method`) in `module`: `Module.Class/method`.
    static func filter(_ module: String, _ test: String) -> String { "\(module).\(test)" }

    /// `Module.Class/test` → `Class/test`, as the harness names it.
    static func classAndMethod(_ identifier: String) -> String {
        let parts = identifier.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return identifier }
        return (parts[0].split(separator: ".").last.map(String.init) ?? String(parts[0])) + "/" + parts[1]
    }

    /// Bytes of a result file read at most: the harness writes far less (20 failures of 2,000 characters).
    static let maxRecordBytes = 256 << 10
    /// Characters of a failing test's message kept in the result.
    static let maxMessage = 4000

    /// What the one record of a test says.
    enum Record: Equatable {
        case pass
        case fail([String])
        case skipped
        /// The channel was written by someone other than the harness, or the harness saw a forgery.
        case tampered(String)
    }

    /// Reads the result file of `test` (`Class/method`). The harness writes exactly one line: none means no
    /// result, more than one means candidate code wrote to the channel. A pass counts only with the token.
    static func record(in file: URL, token: String, test: String) -> Record? {
        // The harness's record is small (bounded failures); a file over the limit was written by someone else.
        // Only a regular file, read without blocking: a FIFO or a link left in its place proves nothing.
        guard let data = UntrustedFile.read(file, limit: maxRecordBytes) else { return nil }
        return record(data, token: token, test: test)
    }

    /// What the bytes of a result file say (`maxRecordBytes` + 1 of them at most).
    static func record(_ data: Data, token: String, test: String) -> Record? {
        if data.count > maxRecordBytes {
            return .tampered("an oversized result channel (over \(maxRecordBytes >> 10) KiB)")
        }
        let lines = data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }
        guard !lines.isEmpty else { return nil }
        guard lines.count == 1 else {
            return .tampered("\(lines.count) records in the result channel, which takes one")
        }
        guard let record = try? JSONDecoder().decode(HarnessRecord.self, from: Data(lines[0])) else {
            return .tampered("an unreadable record in the result channel")
        }
        guard record.test == test else { return .tampered("a record for another test") }
        let failures = (record.failures ?? []).map { failure in
            let place = [failure.file, failure.line].compactMap { $0 }.joined(separator: ":")
            return (failure.message ?? "failed") + (place.isEmpty ? "" : " (\(place))")
        }
        switch record.status {
        case "pass": return record.token == token ? .pass : .tampered("a pass without the grader's token")
        case "fail": return .fail(failures)
        case "skipped": return .skipped
        case "tampered": return .tampered(record.reason ?? "the harness saw a forgery")
        default: return .tampered("an unknown status '\(record.status)'")
        }
    }

    /// The one line the harness writes (HiddenTestCase.swift): `{"test":…,"status":…,"token":…,"failures":[…]}`.
    struct HarnessRecord: Decodable {
        struct Failure: Decodable {
            var message: String?
            var file: String?
            var line: String?
        }

        var test: String
        var status: String
        var token: String?
        var failures: [Failure]?
        var reason: String?
    }

    /// The tail of a test's output, as evidence.
    static func evidence(_ output: ProcessOutput) -> String {
        let text = (output.stdout + output.stderr).split(separator: "\n").suffix(20).joined(separator: "\n")
        return output.truncated ? text + "\n[output truncated]" : text
    }
}

/// How many tests have finished, reported under a lock so the counts arrive in order.
private final class FinishedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = report
    }

    func increment() {
        guard let report else { return }
        lock.withLock {
            done += 1
            report(done, total)
        }
    }
}

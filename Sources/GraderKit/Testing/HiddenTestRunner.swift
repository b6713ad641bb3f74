import Foundation
import GraderCore

/// Runs every hidden test in its own process and reads its outcome from the private result channel.
public struct HiddenTestRunner: Sendable {
    public var runner: ProcessRunner
    /// Seconds one test may take before it is killed and counted as an error.
    public var timeout: TimeInterval
    /// Processes run at once.
    public var jobs: Int
    /// Bytes of a test's output kept as evidence.
    public var outputLimit: Int

    public init(runner: ProcessRunner = .live, timeout: TimeInterval = 10, jobs: Int = 2, outputLimit: Int = 64 << 10) {
        self.runner = runner
        self.timeout = timeout
        self.jobs = max(1, jobs)
        self.outputLimit = outputLimit
    }

    /// Results for every test of `suite`, in suite order. Tests that could not run are errors saying why.
    public func run(
        suite: HiddenSuite, rubric: Rubric, build: BuildOutcome, command: TestCommand?, workDirectory: URL,
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
        var planned: [(requirement: String, module: String, test: String, share: Double, blocked: String?, symbol: String?)] = []
        for requirement in suite.requirements {
            let share = requirement.tests.isEmpty ? 0 : (points[requirement.id] ?? 0) / Double(requirement.tests.count)
            let blocked: String?
            let symbol = build.brokenRequirements[requirement.id]?.lazy.compactMap { ExpectedSymbol.from($0.message) }.first
            if let failure = build.failure {
                blocked = "not run: \(failure)"
            } else if let errors = build.brokenRequirements[requirement.id] {
                blocked = Self.contractMessage(errors)
            } else if command == nil {
                blocked = "not run: no test binary"
            } else {
                blocked = nil
            }
            let testModule = module(requirement.id)
            planned += requirement.tests.map { (requirement.id, testModule, $0, share, blocked, symbol) }
        }

        return parallelMap(Array(planned.enumerated()), jobs: jobs) { index, item in
            guard item.blocked == nil, let command else {
                return TestResult(
                    name: item.test, requirement: item.requirement, status: .error,
                    message: item.blocked ?? "not run: no test binary", taskId: taskIDs[item.requirement], score: 0,
                    maxScore: Self.round(item.share), expectedSymbol: item.symbol)
            }
            return runOne(
                "\(item.module).\(item.test)", name: item.test, requirement: item.requirement,
                share: item.share, taskID: taskIDs[item.requirement], command: command,
                resultFile: resultsFolder.appendingPathComponent("\(index)-\(UUID().uuidString).jsonl"), runFolder: runFolder)
        }
    }

    /// "the tests expect …": the compiler's first errors, naming the symbol the tests expected.
    static func contractMessage(_ errors: [CompilerDiagnostic]) -> String {
        let messages = errors.prefix(3).map { "\($0.message) (\(($0.path as NSString).lastPathComponent):\($0.line))" }
        return "does not compile against the submission's API: " + messages.joined(separator: "; ")
    }

    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    private func runOne(
        _ identifier: String, name: String, requirement: String, share: Double, taskID: Int?, command: TestCommand,
        resultFile: URL, runFolder: URL
    ) -> TestResult {
        let token = UUID().uuidString + UUID().uuidString
        guard FileManager.default.createFile(atPath: resultFile.path, contents: Data()) else {
            return TestResult(
                name: name, requirement: requirement, status: .error, message: "could not create the result file",
                taskId: taskID, score: 0, maxScore: Self.round(share))
        }
        let (executable, arguments) = command.xctest(identifier)
        let request = ProcessRequest(
            executable, arguments, workingDirectory: runFolder,
            environment: [
                "GRADER_RESULT_CHANNEL": "stdin", "LLVM_PROFILE_FILE": "/dev/null", "NO_COLOR": "1", "TMPDIR": runFolder.path,
            ], input: Data("\(resultFile.path) \(token)\n".utf8), timeout: timeout, outputLimit: outputLimit)
        let maxScore = Self.round(share)
        func result(_ status: TestResult.Status, _ message: String?, _ output: ProcessOutput?) -> TestResult {
            // Output is evidence for a failure; a passing test's output is noise.
            TestResult(
                name: name, requirement: requirement, status: status, message: message,
                output: status == .pass ? nil : output.map { Self.evidence($0) }, taskId: taskID,
                score: status == .pass ? maxScore : 0, maxScore: maxScore, duration: output?.duration)
        }
        guard let output = try? runner(request) else {
            return result(.error, "could not start the test process", nil)
        }
        let record = Self.record(in: resultFile, token: token, test: identifier)
        if let record {
            if record.status == "pass" {
                return output.succeeded
                    ? result(.pass, nil, output)
                    : result(.error, "passed, then the process ended with status \(output.status)", output)
            }
            let message = record.failures.isEmpty ? "failed" : record.failures.joined(separator: "; ")
            return result(.fail, message, output)
        }
        if output.timedOut { return result(.error, "timed out after \(Int(timeout)) s", output) }
        if let signal = output.signal { return result(.error, "crashed (signal \(signal))", output) }
        return result(.error, "ended without a result (exit status \(output.status))", output)
    }

    struct Record {
        var status: String
        var failures: [String]
    }

    /// The record of `test` (`Module.Class/method`) signed with `token`; anything else in the file is ignored.
    /// XCTest names a test `Class.method` on Linux and `-[Class method]` on macOS: the method name decides.
    static func record(in file: URL, token: String, test: String) -> Record? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let method = test.split(separator: "/").last.map(String.init) ?? test
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                object["token"] as? String == token, let status = object["status"] as? String,
                let name = object["test"] as? String, name.hasSuffix(".\(method)") || name.hasSuffix(" \(method)]")
            else { continue }
            let failures = (object["failures"] as? [[String: String]] ?? []).map { failure in
                let place = [failure["file"], failure["line"]].compactMap { $0 }.joined(separator: ":")
                return (failure["message"] ?? "failed") + (place.isEmpty ? "" : " (\(place))")
            }
            return Record(status: status, failures: failures)
        }
        return nil
    }

    /// The tail of a test's output, as evidence.
    static func evidence(_ output: ProcessOutput) -> String {
        let text = (output.stdout + output.stderr).split(separator: "\n").suffix(20).joined(separator: "\n")
        return output.truncated ? text + "\n[output truncated]" : text
    }
}

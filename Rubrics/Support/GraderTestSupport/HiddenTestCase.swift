import Foundation
import GraderHarnessBoot
import XCTest

/// The base class of every hidden test.
///
/// When the grader runs a test it writes `<result-file> <pass-token> <Class/method>` on the test process's
/// standard input. A C constructor (GraderHarnessBoot) reads that line when the binary is loaded, before
/// `main`, so before XCTest creates any test case and before any candidate code can run. The harness then
/// writes exactly one record for the one test it was asked to run:
///
/// - a pass carries the pass token, which the process holds only as 16 raw bytes (never as text until the
///   record is written);
/// - a failure carries the assertions' messages and no token (forging a failure gains nothing);
/// - a second hidden test started in the same process, a test the grader did not ask for, or a test that
///   ends without having begun is recorded as `tampered`.
///
/// The grader accepts one record only: a second line in the file (candidate code writing to it) voids the
/// test. See docs/grading.md, "Results candidate code cannot forge". Run outside the grader (`swift test`),
/// standard input carries no request and nothing is recorded.
open class HiddenTestCase: XCTestCase {
    open override func invokeTest() {
        let session = GraderResultChannel.begin(self)
        super.invokeTest()
        if let session { GraderResultChannel.end(self, session: session) }
    }
}

/// The private channel from hidden tests to the grader.
public enum GraderResultChannel {
    /// The environment variable that asks for the channel; its value is never the secret.
    public static let requestVariable = "GRADER_RESULT_CHANNEL"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var current: ChannelSession?
    nonisolated(unsafe) private static var requestTaken = false

    /// The session of the test XCTest is starting, or nil outside the grader.
    static func begin(_ test: XCTestCase) -> ChannelSession? {
        lock.withLock {
            if !requestTaken {
                requestTaken = true
                current = ChannelSession.takeRequest()
            }
            guard let session = current else { return nil }
            session.begin(test)
            return session
        }
    }

    static func end(_ test: XCTestCase, session: ChannelSession) {
        lock.withLock { session.end(test) }
    }
}

/// The request the grader made, and what became of the one test it names.
final class ChannelSession: NSObject, XCTestObservation, @unchecked Sendable {
    struct Failure {
        var message: String
        var file: String
        var line: Int
    }

    private let resultPath: String
    private let expectedTest: String
    private let passToken: [UInt8]
    private var running: ObjectIdentifier?
    private var written = false
    private var failures: [Failure] = []

    init(resultPath: String, expectedTest: String, passToken: [UInt8]) {
        self.resultPath = resultPath
        self.expectedTest = expectedTest
        self.passToken = passToken
    }

    /// The request the loader-time reader kept, taken once.
    static func takeRequest() -> ChannelSession? {
        var request = GraderHarnessRequest()
        guard grader_harness_take(&request) == 1 else { return nil }
        let path = withUnsafeBytes(of: &request.resultPath) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let test = withUnsafeBytes(of: &request.test) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let token = withUnsafeBytes(of: &request.passToken) { Array($0) }
        withUnsafeMutableBytes(of: &request) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        return ChannelSession(resultPath: path, expectedTest: test, passToken: token)
    }

    /// Whether XCTest's name for `test` (`Class.method` on Linux, `-[Class method]` on macOS) is the one asked for.
    static func names(_ name: String, expected: String) -> Bool {
        let parts = expected.split(separator: "/").map(String.init)
        guard parts.count == 2 else { return false }
        let className = parts[0].split(separator: ".").last.map(String.init) ?? parts[0]
        return name == "\(className).\(parts[1])" || name == "-[\(className) \(parts[1])]"
            || name.hasSuffix(".\(className).\(parts[1])")
    }

    func begin(_ test: XCTestCase) {
        guard !written else { return }
        if running != nil {
            write(status: "tampered", reason: "a second test started in the process of \(expectedTest): \(test.name)")
        } else if !Self.names(test.name, expected: expectedTest) {
            write(status: "tampered", reason: "a test the grader did not ask for started: \(test.name)")
        } else {
            running = ObjectIdentifier(test)
            XCTestObservationCenter.shared.addTestObserver(self)
        }
    }

    func end(_ test: XCTestCase) {
        guard !written else { return }
        guard running == ObjectIdentifier(test) else {
            write(status: "tampered", reason: "a test ended that had not begun: \(test.name)")
            return
        }
        // The run is not stopped yet (XCTest stops it after `invokeTest` returns): count its failures.
        guard let run = test.testRun else {
            write(status: "tampered", reason: "a test ran outside XCTest's run: \(test.name)")
            return
        }
        if run.hasBeenSkipped {
            write(status: "skipped", reason: nil)
        } else if failures.isEmpty, run.totalFailureCount == 0 {
            write(status: "pass", reason: nil)
        } else {
            write(status: "fail", reason: nil)
        }
    }

    #if os(Linux) || os(Windows)
        func testCase(
            _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
            atLine lineNumber: Int
        ) {
            record(testCase, description, file: filePath, line: lineNumber)
        }
    #else
        func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
            record(
                testCase, issue.compactDescription, file: issue.sourceCodeContext.location?.fileURL.path,
                line: issue.sourceCodeContext.location?.lineNumber ?? 0)
        }
    #endif

    private func record(_ testCase: XCTestCase, _ description: String, file: String?, line: Int) {
        guard ObjectIdentifier(testCase) == running else { return }
        let name = file.map { ($0 as NSString).lastPathComponent } ?? ""
        failures.append(Failure(message: description, file: name, line: line))
    }

    /// The one line written to the result channel.
    struct Record: Encodable {
        struct Failure: Encodable {
            var message: String
            var file: String
            var line: String
        }

        var test: String
        var status: String
        var token: String?
        var failures: [Failure]
        var reason: String?
    }

    /// Appends the one record: `{"test":…,"status":…,"token":…,"failures":[…],"reason":…}`.
    private func write(status: String, reason: String?) {
        written = true
        let record = Record(
            test: expectedTest, status: status,
            token: status == "pass" ? passToken.map { String(format: "%02x", $0) }.joined() : nil,
            failures: failures.map { Record.Failure(message: $0.message, file: $0.file, line: String($0.line)) },
            reason: reason)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record), let handle = FileHandle(forWritingAtPath: resultPath) else {
            return
        }
        handle.seekToEndOfFile()
        handle.write(data + Data("\n".utf8))
        try? handle.close()
    }
}

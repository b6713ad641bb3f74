import Foundation
import GraderHarnessBoot
import XCTest

/// The base class of every hidden test.
///
/// When the grader runs a test it writes `<result-file> <pass-token> <Class/method>` on the test process's
/// standard input. A C constructor (GraderHarnessBoot) reads that line when the binary is loaded, before
/// `main`, so before XCTest creates any test case and before any candidate code can run, and keeps it in C
/// storage: the token and the result file's path never reach a Swift object, where code in the same process
/// could find them through XCTest's observers or reflection. The harness writes exactly one record, through
/// the C side, for the one test it was asked to run:
///
/// - a pass carries the pass token (added by the C side);
/// - a failure carries the assertions' messages, bounded, and no token (forging a failure gains nothing);
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
                current = ChannelSession.fromRequest()
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

/// Where a session's one record goes: the grader's result file through the C side, or (in tests) a closure.
struct RecordSink: Sendable {
    var write: @Sendable (_ status: String, _ failures: String, _ reason: String?) -> Void

    /// The C side, which holds the path and the token.
    static let harness = RecordSink { status, failures, reason in
        _ = status.withCString { statusText in
            failures.withCString { failuresText in
                if let reason {
                    reason.withCString { grader_harness_write(statusText, failuresText, $0) }
                } else {
                    grader_harness_write(statusText, failuresText, nil)
                }
            }
        }
    }
}

/// What became of the one test the grader named. Holds no secret: the name of the test and its failures.
final class ChannelSession: @unchecked Sendable {
    struct Failure: Encodable {
        var message: String
        var file: String
        var line: String
    }

    /// Failures kept, and characters kept of each message: a record stays small whatever a test prints.
    static let maxFailures = 20
    static let maxMessage = 2000

    /// Where records go. Static, not stored in the session: reflection over an instance (XCTest's observers
    /// lead to one) must not hand candidate code a way to write.
    nonisolated(unsafe) static var sink = RecordSink.harness

    private let expectedTest: String
    private var running: ObjectIdentifier?
    private var written = false
    private var failures: [Failure] = []
    private var observer: FailureObserver?

    init(expectedTest: String) {
        self.expectedTest = expectedTest
    }

    /// The session for the request the loader-time reader kept, if any.
    static func fromRequest() -> ChannelSession? {
        guard grader_harness_active() == 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard grader_harness_expected_test(&buffer, buffer.count) == 1 else { return nil }
        let test = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return ChannelSession(expectedTest: test)
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
            // A separate observer that holds nothing but a weak way back: no secret is reachable from XCTest.
            let observer = FailureObserver(session: self)
            self.observer = observer
            XCTestObservationCenter.shared.addTestObserver(observer)
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

    fileprivate func record(_ testCase: XCTestCase, _ description: String, file: String?, line: Int) {
        guard ObjectIdentifier(testCase) == running, failures.count < Self.maxFailures else { return }
        let name = file.map { ($0 as NSString).lastPathComponent } ?? ""
        failures.append(Failure(message: String(description.prefix(Self.maxMessage)), file: name, line: String(line)))
    }

    private func write(status: String, reason: String?) {
        written = true
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let failures = (try? encoder.encode(failures)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        Self.sink.write(status, failures, reason.map { String($0.prefix(Self.maxMessage)) })
    }
}

/// Forwards the running test's failures to its session; holds no secret.
private final class FailureObserver: NSObject, XCTestObservation {
    weak var session: ChannelSession?

    init(session: ChannelSession) {
        self.session = session
    }

    #if os(Linux) || os(Windows)
        func testCase(
            _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
            atLine lineNumber: Int
        ) {
            session?.record(testCase, description, file: filePath, line: lineNumber)
        }
    #else
        func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
            session?.record(
                testCase, issue.compactDescription, file: issue.sourceCodeContext.location?.fileURL.path,
                line: issue.sourceCodeContext.location?.lineNumber ?? 0)
        }
    #endif
}

import Foundation
import XCTest

/// The base class of every hidden test.
///
/// When the grader runs a test it writes `<result-file-path> <token>` on the test process's standard input.
/// Before the test body runs, this class reads that line and registers an observer that appends one JSON line
/// per finished test to the result file, signed with the token. Candidate code runs only after the line is
/// consumed, so it can neither learn the token from the environment nor forge a passing record; a test
/// process that exits early, crashes or prints fake XCTest lines leaves no valid record and is not a pass.
/// Run outside the grader (`swift test`), standard input carries no such line and nothing is recorded.
open class HiddenTestCase: XCTestCase {
    open override func invokeTest() {
        GraderResultChannel.installIfRequested()
        super.invokeTest()
    }
}

/// The private channel from hidden tests to the grader.
public enum GraderResultChannel {
    /// The environment variable that asks for the channel; its value is never the secret.
    public static let requestVariable = "GRADER_RESULT_CHANNEL"

    nonisolated(unsafe) private static var observer: ResultObserver?

    static func installIfRequested() {
        guard observer == nil, ProcessInfo.processInfo.environment[requestVariable] == "stdin" else { return }
        guard let line = readLine(strippingNewline: true) else { return }
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let handle = FileHandle(forWritingAtPath: parts[0]) else { return }
        handle.seekToEndOfFile()
        let installed = ResultObserver(handle: handle, token: parts[1])
        observer = installed
        XCTestObservationCenter.shared.addTestObserver(installed)
    }
}

private final class ResultObserver: NSObject, XCTestObservation {
    private let handle: FileHandle
    private let token: String
    private var failures: [[String: String]] = []

    init(handle: FileHandle, token: String) {
        self.handle = handle
        self.token = token
    }

    #if os(Linux) || os(Windows)
        func testCase(
            _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
            atLine lineNumber: Int
        ) {
            record(description, file: filePath, line: lineNumber)
        }
    #else
        func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssue) {
            record(
                issue.compactDescription, file: issue.sourceCodeContext.location?.fileURL.path,
                line: issue.sourceCodeContext.location?.lineNumber ?? 0)
        }
    #endif

    private func record(_ description: String, file: String?, line: Int) {
        let name = file.map { ($0 as NSString).lastPathComponent } ?? ""
        failures.append(["message": description, "file": name, "line": String(line)])
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let passed = failures.isEmpty && (testCase.testRun?.hasSucceeded ?? false)
        let skipped = (testCase.testRun?.hasBeenSkipped ?? false)
        let record: [String: Any] = [
            "token": token,
            "test": testCase.name,
            "status": skipped ? "skipped" : (passed ? "pass" : "fail"),
            "failures": failures,
            "duration": testCase.testRun?.totalDuration ?? 0,
        ]
        failures = []
        if let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) {
            handle.write(data + Data("\n".utf8))
        }
    }
}

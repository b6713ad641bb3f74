import Foundation
import GraderCore
import XCTest

/// Golden files next to the tests, in Goldens/. A missing golden is recorded and the test fails with
/// "recorded new baseline"; `RECORD_GOLDENS=1` rewrites them all (and fails, so nothing passes by accident).
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens")

    static func assertMatches(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let url = folder.appendingPathComponent(name)
        let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
        guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            XCTFail("recorded new baseline: \(name)", file: file, line: line)
            return
        }
        XCTAssertEqual(
            text, expected, "differs from Goldens/\(name); RECORD_GOLDENS=1 rewrites it", file: file, line: line)
    }

    /// The result without what changes from run to run: durations and the submission's temporary path.
    static func normalise(_ result: GradeResult, submission: String) -> GradeResult {
        var copy = result
        copy.submission = "alice"
        copy.tests = copy.tests.map { test in
            var test = test
            test.duration = nil
            return test
        }
        // The machine's sandbox is not the submission's: bubblewrap here, unshare there.
        copy.isolation = copy.isolation.map { _ in "<isolation>" }
        copy.notes = copy.notes.filter {
            !$0.hasPrefix("sandbox: ") && !$0.hasPrefix("test processes ran without memory limits")
        }
        .map { $0.replacingOccurrences(of: submission, with: "alice") }
        return copy
    }
}

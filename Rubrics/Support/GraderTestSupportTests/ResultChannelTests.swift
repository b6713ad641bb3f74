import Foundation
import GraderTestSupport
import XCTest

/// Exercised by the grader's own tests, which run these one by one through the result channel.
/// Under a plain `swift test` only the passing one runs (the others need `GRADER_CHANNEL_PROBE`).
final class ResultChannelProbeTests: HiddenTestCase {
    private var probing: Bool { ProcessInfo.processInfo.environment["GRADER_CHANNEL_PROBE"] == "1" }

    func test_passes() {
        XCTAssertTrue(true)
    }

    func test_fails() throws {
        try XCTSkipUnless(probing)
        XCTAssertEqual(1, 2, "one is not two")
    }

    func test_exitsEarlyWithSuccess() throws {
        try XCTSkipUnless(probing)
        print("Test Case '-[ResultChannelProbeTests test_exitsEarlyWithSuccess]' passed (0.001 seconds).")
        exit(0)
    }
}

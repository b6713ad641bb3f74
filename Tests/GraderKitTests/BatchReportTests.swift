import Foundation
import XCTest

@testable import GraderKit

/// The batch server's report (GraderBatch.c): what the grader takes from it, and what it refuses.
final class BatchReportTests: XCTestCase {
    private let token = String(repeating: "a", count: 32)
    private let limits = [16, 8, 8, 32]

    private func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

    private func line(_ token: String, record: String = "", out: String = "", err: String = "", profile: String = "")
        -> String
    {
        "\(token) exit 0 12 0 \(record.utf8.count) \(out.utf8.count) \(err.utf8.count) \(profile.utf8.count)\n"
            + hex(record) + hex(out) + hex(err) + hex(profile) + "\n"
    }

    func testEachPartComesBackWithItsTest() throws {
        let report = line(token, record: "{\"pass\":1}", out: "printed", err: "warned", profile: "\u{ff}\u{01}raw")
        let outcome = try XCTUnwrap(TestBatches.outcomes(in: report, tokens: [token], limits: limits)[token])
        XCTAssertEqual(String(decoding: outcome.record, as: UTF8.self), "{\"pass\":1}")
        XCTAssertEqual(outcome.output.stdout, "printed")
        XCTAssertEqual(outcome.output.stderr, "warned")
        XCTAssertEqual(outcome.profile, Data("\u{ff}\u{01}raw".utf8))
        XCTAssertEqual(outcome.output.duration, 0.012)
        XCTAssertTrue(outcome.endedByItself)
    }

    func testWhatIsTooLongUnknownMalformedOrTwiceIsRefused() {
        let other = String(repeating: "b", count: 32)
        let tooLong = line(token, profile: String(repeating: "p", count: 33))
        XCTAssertTrue(TestBatches.outcomes(in: tooLong, tokens: [token], limits: limits).isEmpty, "over the limit")
        XCTAssertTrue(TestBatches.outcomes(in: line(other), tokens: [token], limits: limits).isEmpty, "unknown token")
        let notHex = "\(token) exit 0 12 0 0 1 0 0\nzz\n"
        XCTAssertTrue(TestBatches.outcomes(in: notHex, tokens: [token], limits: limits).isEmpty, "not hex")
        let oldForm = "\(token) exit 0 12 0 0 0 0\n\n"
        XCTAssertTrue(TestBatches.outcomes(in: oldForm, tokens: [token], limits: limits).isEmpty, "a part missing")
        let twice = line(token, out: "one") + line(token, out: "two")
        XCTAssertTrue(TestBatches.outcomes(in: twice, tokens: [token], limits: limits).isEmpty, "reported twice")
        XCTAssertEqual(
            TestBatches.outcomes(in: line(token, out: "one") + line(other), tokens: [token, other], limits: limits)
                .count, 2)
    }
}

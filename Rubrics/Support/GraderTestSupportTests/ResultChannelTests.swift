import Foundation
import XCTest

@testable import GraderTestSupport

/// The harness side of the result channel: one record, only for the test the grader asked for, a pass only
/// with the token. (The grader side and real attacks: GraderKitTests' ResultRecordTests and TrustAttackTests.)
final class ResultChannelTests: XCTestCase {
    private var file: URL!

    override func setUpWithError() throws {
        file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-channel-\(UUID().uuidString).jsonl")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data()))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: file)
    }

    private func session(expecting test: String) -> ChannelSession {
        ChannelSession(resultPath: file.path, expectedTest: test, passToken: Array(repeating: 0xAB, count: 16))
    }

    private func records() throws -> [[String: Any]] {
        try Data(contentsOf: file).split(separator: UInt8(ascii: "\n")).map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])
        }
    }

    private func probe(_ method: String) -> XCTestCase {
        #if os(Linux)
            return ProbeTests(name: method, testClosure: { _ in })
        #else
            return ProbeTests(selector: NSSelectorFromString(method))
        #endif
    }

    func testNamesMatchOnBothPlatformsAndNothingElse() {
        XCTAssertTrue(ChannelSession.names("ProbeTests.test_a", expected: "ProbeTests/test_a"))
        XCTAssertTrue(ChannelSession.names("-[ProbeTests test_a]", expected: "ProbeTests/test_a"))
        XCTAssertTrue(ChannelSession.names("Module.ProbeTests.test_a", expected: "ProbeTests/test_a"))
        XCTAssertFalse(ChannelSession.names("ProbeTests.test_b", expected: "ProbeTests/test_a"))
        XCTAssertFalse(ChannelSession.names("OtherTests.test_a", expected: "ProbeTests/test_a"))
        XCTAssertFalse(ChannelSession.names("ProbeTests.test_a", expected: "garbage"))
    }

    func testATestTheGraderDidNotAskForIsRecordedAsTampering() throws {
        let channel = session(expecting: "ProbeTests/test_a")
        channel.begin(probe("test_b"))
        let written = try records()
        XCTAssertEqual(written.count, 1)
        XCTAssertEqual(written.first?["status"] as? String, "tampered")
        XCTAssertNil(written.first?["token"], "no token leaves the harness unless the test passed")
    }

    func testASecondTestInOneProcessIsTamperingAndNothingMoreIsWritten() throws {
        let channel = session(expecting: "ProbeTests/test_a")
        let first = probe("test_a")
        channel.begin(first)
        channel.begin(probe("test_a"))
        channel.end(first)
        let written = try records()
        XCTAssertEqual(written.map { $0["status"] as? String }, ["tampered"])
    }

    func testAnEndWithoutXCTestsRunIsTampering() throws {
        let channel = session(expecting: "ProbeTests/test_a")
        let test = probe("test_a")
        channel.begin(test)
        channel.end(test)  // never run by XCTest: no test run
        XCTAssertEqual(try records().map { $0["status"] as? String }, ["tampered"])
    }
}

/// A test case class for the channel to see; never run (it has no test methods).
final class ProbeTests: XCTestCase {}

import Foundation
import XCTest

@testable import GraderTestSupport

/// The harness side of the result channel: one record, only for the test the grader asked for, a pass only
/// with the token. (The grader side and real attacks: GraderKitTests' ResultRecordTests and TrustAttackTests.)
final class ResultChannelTests: XCTestCase {
    private final class Written: @unchecked Sendable {
        let lock = NSLock()
        var records: [(status: String, failures: String, reason: String?)] = []
    }

    private var written = Written()

    override func setUp() {
        written = Written()
        let written = written
        ChannelSession.sink = RecordSink { status, failures, reason in
            written.lock.withLock { written.records.append((status, failures, reason)) }
        }
    }

    override func tearDown() {
        ChannelSession.sink = .harness
    }

    private func session(expecting test: String) -> ChannelSession {
        ChannelSession(expectedTest: test)
    }

    private func statuses() -> [String] { written.lock.withLock { written.records.map(\.status) } }

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
        XCTAssertEqual(statuses(), ["tampered"])
        XCTAssertTrue(written.records.first?.reason?.contains("did not ask for") ?? false)
    }

    func testASecondTestInOneProcessIsTamperingAndNothingMoreIsWritten() throws {
        let channel = session(expecting: "ProbeTests/test_a")
        let first = probe("test_a")
        channel.begin(first)
        channel.begin(probe("test_a"))
        channel.end(first)
        XCTAssertEqual(statuses(), ["tampered"])
    }

    func testAnEndWithoutXCTestsRunIsTampering() throws {
        let channel = session(expecting: "ProbeTests/test_a")
        let test = probe("test_a")
        channel.begin(test)
        channel.end(test)  // never run by XCTest: no test run
        XCTAssertEqual(statuses(), ["tampered"])
    }
}

extension ResultChannelTests {
    func testNoSessionWithoutARequest() {
        // `swift test` hands this process no request: nothing is recorded.
        XCTAssertNil(ChannelSession.fromRequest())
    }
}

/// A test case class for the channel to see; never run (it has no test methods).
final class ProbeTests: XCTestCase {}

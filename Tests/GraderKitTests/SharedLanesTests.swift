import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// Issue 14: the hidden and the own tests of a submission run in one set of lanes; each runner still gets exactly
/// the outcomes of its own requests, with its own variables and time limit.
final class SharedLanesTests: XCTestCase {
    private let unused = ProcessRunner { _ in throw GraderError.toolFailed("no process in this test") }

    private func request(_ index: Int, _ argument: String, own: Bool = false) -> TestBatches.Request {
        TestBatches.Request(index: index, arguments: [argument], signedTest: own ? nil : argument, profile: own)
    }

    private var hiddenParty: SharedLanes.Party {
        SharedLanes.Party(
            requests: [request(0, "H.A/test0"), request(1, "H.A/test1"), request(2, "H.B/test2")],
            batches: TestBatches(
                runner: unused, jobs: 8, timeout: 10, outputLimit: 64 << 10,
                environment: ["NO_COLOR": "1", "GRADER_VARIANT": "hidden-only"])
        )
    }

    private var ownParty: SharedLanes.Party {
        var second = request(1, "Own.C/test1", own: true)
        second.environment = ["OWN_REQUEST": "mine"]
        return SharedLanes.Party(
            requests: [request(0, "Own.C/test0", own: true), second],
            batches: TestBatches(
                runner: unused, jobs: 8, timeout: 30, outputLimit: 0,
                environment: ["NO_COLOR": "1", "GRADER_OWN_TESTS": "1"])
        )
    }

    /// An executor that runs nothing: each merged request's outcome says which one it was.
    private final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var calls: [(batches: TestBatches, requests: [TestBatches.Request])] = []

        func execute(_ batches: TestBatches, _ requests: [TestBatches.Request]) -> [Int: TestBatches.Outcome] {
            lock.withLock { calls.append((batches, requests)) }
            return Dictionary(
                uniqueKeysWithValues: requests.map { request in
                    var output = ProcessOutput(status: 0, stdout: "", stderr: "")
                    output.stdout = request.arguments.joined()
                    return (request.index, TestBatches.Outcome(output: output, record: Data()))
                })
        }
    }

    func testOneBatchRunsBothAndEachPartyGetsItsOwnOutcomesBack() {
        let recorder = Recorder()
        let lanes = SharedLanes(parties: 2, execute: recorder.execute)
        let (hidden, own) = (hiddenParty, ownParty)
        let ownOutcomes = BackgroundWork {
            lanes.run(own.requests, party: SharedLanes.own, batches: own.batches)
                .mapValues(\.output.stdout)
        }
        let hiddenOutcomes = lanes.run(hidden.requests, party: SharedLanes.hidden, batches: hidden.batches)
            .mapValues(\.output.stdout)

        XCTAssertEqual(hiddenOutcomes, [0: "H.A/test0", 1: "H.A/test1", 2: "H.B/test2"])
        XCTAssertEqual(ownOutcomes.value, [0: "Own.C/test0", 1: "Own.C/test1"])
        XCTAssertEqual(recorder.calls.count, 1, "both parties' tests run in one set of lanes")
        let call = recorder.calls[0]
        // The hidden tests come first: in every lane they run before any own test.
        XCTAssertEqual(
            call.requests.map(\.arguments),
            [["H.A/test0"], ["H.A/test1"], ["H.B/test2"], ["Own.C/test0"], ["Own.C/test1"]])
        XCTAssertEqual(call.requests.map(\.index), [0, 1, 2, 3, 4])
        XCTAssertEqual(call.batches.environment, ["NO_COLOR": "1"], "only what both set alike is the lanes'")
        XCTAssertEqual(
            call.requests.map(\.environment),
            [
                ["GRADER_VARIANT": "hidden-only"], ["GRADER_VARIANT": "hidden-only"], ["GRADER_VARIANT": "hidden-only"],
                ["GRADER_OWN_TESTS": "1"], ["GRADER_OWN_TESTS": "1", "OWN_REQUEST": "mine"],
            ])
        XCTAssertEqual(call.requests.map(\.timeout), [10, 10, 10, 30, 30], "each kind keeps its time limit")
        XCTAssertEqual(call.requests.map(\.signedTest), ["H.A/test0", "H.A/test1", "H.B/test2", nil, nil])
        XCTAssertEqual(call.requests.map(\.profile), [false, false, false, true, true])
        XCTAssertEqual(call.batches.outputLimit, 64 << 10)
    }

    func testAPartyThatLeavesLetsTheOtherRunWithoutIt() {
        let recorder = Recorder()
        let lanes = SharedLanes(parties: 2, execute: recorder.execute)
        let hidden = hiddenParty
        // The hidden runner waits for the own tests, which have nothing to run: their leaving lets it go on.
        let hiddenOutcomes = BackgroundWork {
            lanes.run(hidden.requests, party: SharedLanes.hidden, batches: hidden.batches)
        }
        lanes.leave(party: SharedLanes.own)
        XCTAssertEqual(hiddenOutcomes.value.count, 3)
        lanes.leave(party: SharedLanes.hidden)  // after handing in: nothing happens
        XCTAssertEqual(recorder.calls.count, 1)
        XCTAssertEqual(recorder.calls.first?.requests.count, 3)
        XCTAssertEqual(recorder.calls.first?.batches.environment, hidden.batches.environment)
        XCTAssertEqual(
            recorder.calls.first?.requests.map(\.environment), [[:], [:], [:]],
            "alone, a party's variables stay the lanes'")
    }

    func testWhenEveryPartyLeavesNothingRuns() {
        let recorder = Recorder()
        let lanes = SharedLanes(parties: 2, execute: recorder.execute)
        lanes.leave(party: SharedLanes.own)
        lanes.leave(party: SharedLanes.hidden)
        let own = ownParty
        XCTAssertEqual(
            lanes.run(own.requests, party: SharedLanes.own, batches: own.batches).count, 0,
            "a party that left hands nothing in later")
        XCTAssertEqual(recorder.calls.count, 0)
    }
}

import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// Issue 14: test lanes take their tests one at a time from one queue, and a lane whose test waits lets another
/// lane start for the tests still queued (TestBatches, GraderBatch.c's `idle`).
final class LanePoolTests: XCTestCase {
    private func queue(_ count: Int) -> [TestBatches.Queued] {
        (0..<count).map { index in
            TestBatches.Queued(
                request: TestBatches.Request(index: index, arguments: ["T.C/test\(index)"], signedTest: nil),
                line: "", status: "status\(index)", token: nil, seconds: 10)
        }
    }

    private func outcome(_ lane: Int) -> TestBatches.Outcome {
        TestBatches.Outcome(output: ProcessOutput(status: 0, stdout: "lane \(lane)", stderr: ""), record: Data())
    }

    func testALaneWhoseTestWaitsLetsAnotherLaneRunTheRest() {
        let rest = DispatchSemaphore(value: 0)
        let waited = Flag(false)
        let pool = LanePool(queue: queue(5), initial: 1, most: 2) { lane, pool in
            while let test = pool.next() {
                if test.request.index == 0 {
                    // The first test waits until the others are done, which only another lane can do.
                    pool.idle()
                    waited.value = rest.wait(timeout: .now() + 60) == .success
                }
                pool.report(test, self.outcome(lane))
            }
            if lane == 1 { rest.signal() }
        }
        let outcomes = pool.run()
        XCTAssertTrue(waited.value, "no second lane ran the tests queued behind a waiting one")
        XCTAssertEqual(pool.lanesStarted, 2)
        XCTAssertEqual(outcomes.keys.sorted(), [0, 1, 2, 3, 4])
        XCTAssertEqual(outcomes[0]?.output.stdout, "lane 0")
        XCTAssertEqual((1...4).map { outcomes[$0]?.output.stdout }, Array(repeating: "lane 1", count: 4))
    }

    func testLanesGrowOnlyUpToTheMostAndOnlyWhileTestsAreQueued() {
        let busy = LanePool(queue: queue(40), initial: 2, most: 3) { lane, pool in
            while let test = pool.next() {
                pool.idle()
                pool.report(test, self.outcome(lane))
            }
        }
        XCTAssertEqual(busy.run().count, 40, "every test once")
        XCTAssertLessThanOrEqual(busy.lanesStarted, 3)
        XCTAssertGreaterThanOrEqual(busy.lanesStarted, 2)

        let last = LanePool(queue: queue(1), initial: 1, most: 8) { lane, pool in
            while let test = pool.next() {
                pool.idle()
                pool.report(test, self.outcome(lane))
            }
        }
        XCTAssertEqual(last.run().count, 1)
        XCTAssertEqual(last.lanesStarted, 1, "a lane started with no test left to take")

        // A test the server could not run has no outcome: the caller runs it on its own.
        let none = LanePool(queue: queue(3), initial: 3, most: 3) { lane, pool in
            while let test = pool.next() { pool.report(test, test.request.index == 1 ? nil : self.outcome(lane)) }
        }
        XCTAssertEqual(none.run().keys.sorted(), [0, 2])
    }

    /// The places a limited runner's processes take, outermost last: a lane takes and gives them itself.
    func testALimitedRunnerNamesItsPlacesInTheOrderAProcessTakesThem() throws {
        let base = ProcessRunner { _ in ProcessOutput(status: 0, stdout: "base", stderr: "") }
        let global = base.limited(to: 8)
        let run = global.limited(to: 8)
        XCTAssertEqual(run.places.count, 2)
        XCTAssertTrue(run.places[0] !== global.places[0])
        XCTAssertTrue(run.places[1] === global.places[0])
        XCTAssertTrue(base.places.isEmpty)
        XCTAssertNil(base.unlimited)
        XCTAssertEqual(try run.unlimited.map { try $0(ProcessRequest("x")) }?.stdout, "base")

        // While a lane gives its place back, another process takes it.
        let one = base.limited(to: 1)
        one.places.take()
        one.places.give()
        XCTAssertEqual(try one(ProcessRequest("x")).stdout, "base", "the place was given back")
    }
}

import Foundation
import XCTest

// Shared by every TW<n>Tests file: histories of observed values, recording values across threads, waiting for the
// main queue. Never imports the exercise module (this file is compiled into every requirement's test target).

/// Values an observer saw and whether each arrived on the main thread; safe to append to from any thread.
final class Deliveries<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(value: Value, onMain: Bool)] = []

    func append(_ value: Value) {
        let onMain = Thread.isMainThread
        lock.withLock { items.append((value, onMain)) }
    }

    var values: [Value] { lock.withLock { items.map(\.value) } }
    /// How many values arrived off the main thread.
    var offMainCount: Int { lock.withLock { items.filter { !$0.onMain }.count } }
}

/// Histories of observed values.
enum Histories {
    /// `values` with consecutive repeats collapsed: what a screen bound to an output would show, in order.
    static func withoutRepeats<Value: Equatable>(_ values: [Value]) -> [Value] {
        values.reduce(into: []) { kept, value in
            if kept.last != value { kept.append(value) }
        }
    }
}

extension XCTestCase {
    /// A test that has failed waits for nothing more: its verdict is decided, and a submission that never does
    /// what a test waits for would otherwise pay one timeout per wait.
    private var hasFailed: Bool { (testRun?.totalFailureCount ?? 0) > 0 }

    /// Waits until the main queue has run everything enqueued on it before this call; fails the test, naming
    /// `what`, when that takes longer than `timeout` seconds.
    func drainMainQueue(
        after what: String, timeout: TimeInterval = 2, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard !hasFailed else { return }
        let drained = expectation(description: "the main queue ran the work enqueued by \(what)")
        DispatchQueue.main.async { drained.fulfill() }
        waitLoudly(for: drained, timeout: timeout, file: file, line: line)
    }

    /// Waits for `expectation`; on a timeout fails the test with the expectation's description.
    func waitLoudly(
        for expectation: XCTestExpectation, timeout: TimeInterval = 2, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        waitLoudly(for: [expectation], timeout: timeout, file: file, line: line)
    }

    /// Waits for every one of `expectations` at once (a submission that fulfils none costs one timeout, not one
    /// each); on a timeout fails the test with their descriptions.
    func waitLoudly(
        for expectations: [XCTestExpectation], timeout: TimeInterval = 2, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        guard !hasFailed else { return }
        let result = XCTWaiter().wait(for: expectations, timeout: timeout)
        if result != .completed {
            let descriptions = expectations.map(\.expectationDescription).joined(separator: "; ")
            XCTFail("timed out after \(timeout) s waiting for: \(descriptions) (\(result))", file: file, line: line)
        }
    }
}

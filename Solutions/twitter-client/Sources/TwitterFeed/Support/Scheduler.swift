import Foundation

/// Where and when work runs: screen models change their outputs on one (the main queue in the app), a debounce
/// waits on one, a simulated latency passes on one.
///
/// Inject `QueueScheduler(queue: .main)` in the app. In tests inject `TestScheduler`, a virtual clock: work runs
/// only when the test moves time, so a test can assert a whole history, and that nothing happened, without
/// waiting in real time. `ImmediateScheduler` runs work in place, for tests that do not care about time.
public protocol Scheduler: AnyObject {
    /// Runs `work` once `delay` seconds have passed (as soon as it can when `delay` is zero or less), unless the
    /// returned task is cancelled first.
    @discardableResult
    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask
}

extension Scheduler {
    /// Runs `work` as soon as the scheduler can, unless the returned task is cancelled first.
    @discardableResult
    public func schedule(_ work: @escaping () -> Void) -> CancellableTask {
        schedule(after: 0, work)
    }
}

/// Runs work on a dispatch queue, always asynchronously: `QueueScheduler(queue: .main)` for UI state.
public final class QueueScheduler: Scheduler {
    /// The queue work runs on.
    public let queue: DispatchQueue

    /// A scheduler that runs work on `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask {
        // The scheduler's users decide what may cross queues; Dispatch only needs a Sendable block.
        let job = Job(run: work)
        let item = DispatchWorkItem { job.run() }
        if delay > 0 {
            queue.asyncAfter(deadline: .now() + delay, execute: item)
        } else {
            queue.async(execute: item)
        }
        return BlockTask { item.cancel() }
    }

    private struct Job: @unchecked Sendable {
        let run: () -> Void
    }
}

/// Runs work at once on the calling thread, ignoring delays. For tests that do not care about time.
public final class ImmediateScheduler: Scheduler {
    /// A scheduler that runs work in place.
    public init() {}

    @discardableResult
    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask {
        work()
        return BlockTask()
    }
}

/// A scheduler with a virtual clock: work runs only when the test moves time (`advance(by:)`, `run()`), in due
/// order, on the test's thread. Cancelled work is dropped and never runs.
public final class TestScheduler: Scheduler {
    private struct Item {
        var dueTime: TimeInterval
        var order: Int
        var work: () -> Void
    }

    private let lock = NSLock()
    private var items: [Item] = []
    private var counter = 0
    private var time: TimeInterval = 0

    /// A scheduler at time zero with nothing scheduled.
    public init() {}

    /// The virtual time, in seconds since the scheduler was made.
    public var now: TimeInterval { lock.withLock { time } }

    /// How many pieces of work wait to run (scheduled, neither run nor cancelled).
    public var pendingCount: Int { lock.withLock { items.count } }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask {
        let order = lock.withLock { () -> Int in
            counter += 1
            items.append(Item(dueTime: time + max(0, delay), order: counter, work: work))
            return counter
        }
        return BlockTask { [weak self] in self?.remove(order) }
    }

    /// Moves the clock forward by `interval`, running every piece of work that falls due, in due order, including
    /// work scheduled by that work. `advance()` runs the work due now.
    public func advance(by interval: TimeInterval = 0) {
        let target = now + max(0, interval)
        while let item = takeNext(dueBy: target) {
            item.work()
        }
        lock.withLock { time = max(time, target) }
    }

    /// Runs everything scheduled, including work scheduled by that work, moving the clock as far as needed.
    public func run() {
        while let item = takeNext(dueBy: .infinity) {
            item.work()
        }
    }

    private func takeNext(dueBy target: TimeInterval) -> Item? {
        lock.withLock {
            guard
                let index = items.indices.min(by: {
                    (items[$0].dueTime, items[$0].order) < (items[$1].dueTime, items[$1].order)
                }),
                items[index].dueTime <= target
            else { return nil }
            let item = items.remove(at: index)
            time = max(time, item.dueTime)
            return item
        }
    }

    private func remove(_ order: Int) {
        lock.withLock { items.removeAll { $0.order == order } }
    }
}

import Foundation

/// Where and when work runs: the client's simulated latency and the hop to the UI go through one.
///
/// Inject `QueueScheduler` in the app, `TestScheduler` in tests to control time.
public protocol Scheduler: AnyObject {
    /// Runs `work` once `delay` seconds have passed (at once or soon when `delay` is zero or less).
    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void)
}

extension Scheduler {
    /// Runs `work` as soon as the scheduler can.
    public func schedule(_ work: @escaping () -> Void) {
        schedule(after: 0, work)
    }
}

/// Runs work on a dispatch queue, always asynchronously: `QueueScheduler(queue: .main)` for UI state.
public final class QueueScheduler: Scheduler {
    /// The queue work runs on.
    public let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) {
        // The scheduler's users decide what may cross queues; Dispatch only needs a Sendable block.
        let job = Job(run: work)
        if delay > 0 {
            queue.asyncAfter(deadline: .now() + delay) { job.run() }
        } else {
            queue.async { job.run() }
        }
    }

    private struct Job: @unchecked Sendable {
        let run: () -> Void
    }
}

/// Runs work at once on the calling thread, ignoring delays. For tests that do not care about time.
public final class ImmediateScheduler: Scheduler {
    public init() {}

    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) {
        work()
    }
}

/// A scheduler with a virtual clock: work runs only when the test advances time, in due order, on the
/// test's thread.
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

    public init() {}

    /// The virtual time, in seconds since the scheduler was made.
    public var now: TimeInterval { lock.withLock { time } }

    /// How many pieces of work wait to run.
    public var pendingCount: Int { lock.withLock { items.count } }

    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) {
        lock.withLock {
            counter += 1
            items.append(Item(dueTime: time + max(0, delay), order: counter, work: work))
        }
    }

    /// Moves the clock forward by `interval`, running every piece of work that falls due, in order, including
    /// work scheduled by that work.
    public func advance(by interval: TimeInterval = 0) {
        let target = now + max(0, interval)
        while let item = takeNext(dueBy: target) {
            item.work()
        }
        lock.withLock { time = max(time, target) }
    }

    /// Runs everything scheduled, moving the clock as far as needed.
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
}

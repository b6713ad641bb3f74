import Foundation

/// Where work runs: view models change their outputs through one, the UI scheduler (the main queue in the app).
///
/// Inject `QueueScheduler(queue: .main)` in the app, and `ImmediateScheduler` or `TestScheduler` in tests.
public protocol Scheduler: AnyObject {
    /// Runs `work` soon (or at once, for schedulers that run work in place).
    func schedule(_ work: @escaping () -> Void)
}

/// Runs work asynchronously on a dispatch queue: `QueueScheduler(queue: .main)` for UI state.
public final class QueueScheduler: Scheduler {
    /// The queue work runs on.
    public let queue: DispatchQueue

    /// A scheduler that runs work on `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func schedule(_ work: @escaping () -> Void) {
        // The scheduler's users decide what may cross queues; Dispatch only needs a Sendable block.
        let job = Job(run: work)
        queue.async { job.run() }
    }

    private struct Job: @unchecked Sendable {
        let run: () -> Void
    }
}

/// Runs work at once on the calling thread. For tests that do not care where outputs change.
public final class ImmediateScheduler: Scheduler {
    /// A scheduler that runs work in place.
    public init() {}

    public func schedule(_ work: @escaping () -> Void) {
        work()
    }
}

/// Holds work until the test says so: `run()` runs everything scheduled, in order, on the test's thread.
public final class TestScheduler: Scheduler {
    private let lock = NSLock()
    private var queued: [() -> Void] = []

    /// A scheduler with nothing queued.
    public init() {}

    /// How many pieces of work wait to run.
    public var pendingCount: Int { lock.withLock { queued.count } }

    public func schedule(_ work: @escaping () -> Void) {
        lock.withLock { queued.append(work) }
    }

    /// Runs every piece of work scheduled, in order, including work scheduled by that work.
    public func run() {
        while let work = takeNext() {
            work()
        }
    }

    private func takeNext() -> (() -> Void)? {
        lock.withLock { queued.isEmpty ? nil : queued.removeFirst() }
    }
}

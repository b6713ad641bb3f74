import Foundation

/// Runs work later. Search debounces through it, so tests control time with `ManualScheduler`.
public protocol Scheduler {
    @discardableResult
    func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask
}

/// The live scheduler: a dispatch queue (the main queue for screens).
public struct QueueScheduler: Scheduler {
    private let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask {
        let item = DispatchWorkItem(block: work)
        queue.asyncAfter(deadline: .now() + delay, execute: item)
        return BlockTask { item.cancel() }
    }
}

/// A scheduler whose clock moves only when told to: `advance(by:)` runs the work that has come due.
public final class ManualScheduler: Scheduler {
    private var now: TimeInterval = 0
    private var pending: [(due: TimeInterval, order: Int, task: BlockTask, work: () -> Void)] = []
    private var counter = 0

    public init() {}

    /// Work scheduled and neither run nor cancelled.
    public var pendingCount: Int { pending.filter { !$0.task.isCancelled }.count }

    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> CancellableTask {
        let task = BlockTask()
        counter += 1
        pending.append((now + delay, counter, task, work))
        return task
    }

    /// Moves the clock forward, running due work in order.
    public func advance(by interval: TimeInterval) {
        let target = now + interval
        while let next = pending.filter({ $0.due <= target }).min(by: { ($0.due, $0.order) < ($1.due, $1.order) }) {
            pending.removeAll { $0.order == next.order }
            now = next.due
            if !next.task.isCancelled { next.work() }
        }
        now = target
    }
}

import Foundation
import GraderCore

/// `transform` applied to every item, at most `jobs` at a time; results in input order.
///
/// Each of the `jobs` workers is a thread of its own that takes the next item until none is left. The work is
/// mostly waiting on processes, and a shared thread pool (OperationQueue, Dispatch) adds threads for blocked
/// work only after a delay: on 2 cores the second of two test lanes started 0.4 s after the first.
func parallelMap<Item, Result>(_ items: [Item], jobs: Int, _ transform: @escaping (Item) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: items.count)
    let workers = min(max(1, jobs), items.count)
    guard workers > 1 else { return items.map(transform) }
    let finished = DispatchGroup()
    for _ in 0..<workers {
        finished.enter()
        startThread {
            while let index = slots.next() { slots.set(index, transform(items[index])) }
            finished.leave()
        }
    }
    finished.wait()
    return slots.values.compactMap { $0 }
}

/// Starts `body` on a thread of its own with the main thread's 8 MiB of stack (a new thread's default is less).
func startThread(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread(block: body)
    thread.stackSize = 8 << 20
    thread.start()
}

private final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Value?]
    private var taken = 0

    init(count: Int) { values = Array(repeating: nil, count: count) }

    /// The index of the next item no worker has taken, or nil.
    func next() -> Int? {
        lock.withLock {
            guard taken < values.count else { return nil }
            taken += 1
            return taken - 1
        }
    }

    func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
}

/// Work started on a thread of its own (like `parallelMap`'s workers) while the caller goes on; `value` waits
/// for it. The Checker analyzes (rules, history: about 0.3 s) while the build runs.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var result: Value?

    /// Work already done: its value at once, without a thread.
    init(done value: Value) {
        result = value
        finished.signal()
    }

    init(_ work: @escaping @Sendable () -> Value) {
        startThread { [self] in
            result = work()
            finished.signal()
        }
    }

    /// The work's result, once it has ended.
    var value: Value {
        finished.wait()
        defer { finished.signal() }
        return result!
    }
}

extension ProcessRunner {
    /// This runner with at most `count` of its processes running at once; a caller beyond that waits its turn
    /// (before the process starts, so waiting costs no test its time limit). The Run stage runs the hidden and
    /// the own tests beside each other through one such runner, so `--jobs` stays what runs at once.
    func limited(to count: Int) -> ProcessRunner {
        let own = ProcessPlaces(count)
        let base = self
        var limited = ProcessRunner { request in
            own.take()
            defer { own.give() }
            return try base(request)
        }
        // A process takes this runner's place first, then the ones of the runner it limits.
        limited.places = [own] + base.places
        limited.unlimited = base.unlimited ?? base.run
        return limited
    }
}

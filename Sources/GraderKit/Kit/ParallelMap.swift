import Foundation

/// `transform` applied to every item, at most `jobs` at a time; results in input order.
func parallelMap<Item, Result>(_ items: [Item], jobs: Int, _ transform: @escaping (Item) -> Result) -> [Result] {
    let slots = ResultSlots<Result>(count: items.count)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = max(1, jobs)
    for (index, item) in items.enumerated() {
        queue.addOperation { slots.set(index, transform(item)) }
    }
    queue.waitUntilAllOperationsAreFinished()
    return slots.values.compactMap { $0 }
}

private final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Value?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }
}

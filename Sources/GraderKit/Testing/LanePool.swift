import Foundation

/// The lanes of one `TestBatches.run`: the queue they take tests from in order, the outcomes they report, and
/// the lanes started while tests wait. `initial` lanes start at once; each `idle` starts one more while tests are
/// queued, up to `most`. Each lane runs on a thread of its own (`lane(number, pool)`), and `run` returns once
/// every lane has ended.
final class LanePool: @unchecked Sendable {
    private let lock = NSLock()
    private let queue: [TestBatches.Queued]
    private var taken = 0
    private var outcomes: [Int: TestBatches.Outcome] = [:]
    private var started = 0
    private let initial: Int
    private let most: Int
    private let ended = DispatchGroup()
    private let lane: @Sendable (Int, LanePool) -> Void

    init(
        queue: [TestBatches.Queued], initial: Int, most: Int, lane: @escaping @Sendable (Int, LanePool) -> Void
    ) {
        self.queue = queue
        self.initial = max(1, initial)
        self.most = max(self.initial, most)
        self.lane = lane
    }

    /// Starts the first lanes and waits for every lane: the outcomes, by request index.
    func run() -> [Int: TestBatches.Outcome] {
        for _ in 0..<initial { startLane() }
        ended.wait()
        return lock.withLock { outcomes }
    }

    /// The next test no lane has taken, or nil.
    func next() -> TestBatches.Queued? {
        lock.withLock {
            guard taken < queue.count else { return nil }
            taken += 1
            return queue[taken - 1]
        }
    }

    /// A lane's outcome of `test` (nil: the server could not run it).
    func report(_ test: TestBatches.Queued, _ outcome: TestBatches.Outcome?) {
        guard let outcome else { return }
        lock.withLock { outcomes[test.request.index] = outcome }
    }

    /// A lane's test waits: one more lane while tests are queued and fewer than `most` lanes have started.
    func idle() {
        let more = lock.withLock { taken < queue.count && started < most }
        if more { startLane() }
    }

    /// Lanes started so far.
    var lanesStarted: Int { lock.withLock { started } }

    private func startLane() {
        let number: Int? = lock.withLock {
            guard started < most else { return nil }
            started += 1
            return started - 1
        }
        guard let number else { return }
        ended.enter()
        startThread { [self] in
            lane(number, self)
            ended.leave()
        }
    }
}

/// A Boolean one lane's thread and its talk share.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool

    init(_ value: Bool) { stored = value }

    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

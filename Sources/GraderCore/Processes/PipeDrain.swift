import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one pipe to its end on a thread of its own, keeping at most `limit` bytes and counting them all.
///
/// The reader owns its buffer until it has ended: `finish` first makes sure the reading thread is done
/// (asking it to stop when a grandchild keeps the pipe open past the grace period) and only then touches the
/// bytes, so the two never race.
final class PipeDrain: @unchecked Sendable {
    private let descriptor: Int32
    private let limit: Int
    private let budget: Int?
    private let overBudget: @Sendable () -> Void
    private let lock = NSLock()
    private var stopRequested = false
    private let done = DispatchSemaphore(value: 0)
    // Written by the reading thread only, read by `finish` only after `done` is signalled.
    private var data = Data()
    private var total = 0
    private var truncated = false
    private var exceeded = false

    /// `budget`: bytes after which `overBudget` is called once (the caller kills the writer).
    init(descriptor: Int32, limit: Int, budget: Int? = nil, overBudget: @escaping @Sendable () -> Void = {}) {
        self.descriptor = descriptor
        self.limit = limit
        self.budget = budget
        self.overBudget = overBudget
    }

    func start() {
        let thread = Thread { [self] in
            drain()
            done.signal()
        }
        thread.name = "grader-pipe-drain"
        thread.start()
    }

    private var shouldStop: Bool { lock.withLock { stopRequested } }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !shouldStop {
            let ready = poll(&poller, 1, 50)
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            total += count
            let room = limit - data.count
            if room > 0 { data.append(contentsOf: buffer[0..<min(room, count)]) }
            if count > room { truncated = true }
            if let budget, total > budget, !exceeded {
                exceeded = true
                overBudget()
            }
        }
    }

    /// The bytes read, once the pipe has ended or `grace` seconds have passed (then reading stops).
    func finish(grace: TimeInterval) -> (data: Data, truncated: Bool, total: Int, exceeded: Bool) {
        if done.wait(timeout: .now() + grace) == .timedOut {
            lock.withLock { stopRequested = true }
            done.wait()
        }
        return (data, truncated, total, exceeded)
    }
}

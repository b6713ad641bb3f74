import Foundation
import GraderSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The programs the grader has started and not yet seen end, and the means to kill each one's whole tree.
///
/// A signal handler reaches only process-wide state, hence the static list: an interrupted grader stops them.
public enum RunningProcesses {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pids: Set<Int32> = []
    nonisolated(unsafe) private static var stopped = false

    /// Why a program was not started: the grader is shutting down.
    public struct Stopped: Error, CustomStringConvertible {
        public var description: String { "the grader is stopping; nothing more is started" }
    }

    /// Starts a process and registers it in one step, so `reapOrphans` never mistakes it for an orphan.
    static func launch(_ start: () throws -> Int32) throws -> Int32 {
        try lock.withLock {
            guard !stopped else { throw Stopped() }
            let pid = try start()
            pids.insert(pid)
            return pid
        }
    }

    static func remove(_ pid: Int32) { lock.withLock { _ = pids.remove(pid) } }

    /// Kills every running child with all its descendants.
    public static func terminateAll() {
        for pid in lock.withLock({ pids }) { killTree(pid) }
    }

    /// Refuses every later launch and kills every running child (on Ctrl-C: the work in flight is void).
    public static func stopAll() {
        lock.withLock { stopped = true }
        terminateAll()
    }

    /// Kills `pid`, its process group (Foundation starts each child as a group leader), and, on Linux, every
    /// process below it found through /proc — the compiler jobs under `swift build` and anything that called
    /// `setsid` run in groups of their own. Descendants are collected before the kill, while they still hang
    /// below `pid`; a sandbox's PID namespace (docs/grading.md) takes the rest down with its first process.
    public static func killTree(_ pid: Int32) {
        #if os(Linux)
            for _ in 0..<3 {
                let victims = descendants(of: [pid])
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                for victim in victims { kill(victim, SIGKILL) }
                if victims.isEmpty { break }
            }
        #else
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        #endif
    }

    /// Makes the grader adopt the orphans of what it starts (Linux), so `reapOrphans` can find a process that
    /// escaped its parent by a double fork when no PID namespace holds it.
    public static func adoptOrphans() {
        #if os(Linux)
            _ = grader_become_subreaper()
        #endif
    }

    /// Kills (and reaps) every child of the grader that it did not start itself: orphans adopted from the
    /// trees of finished runs. Returns how many it found.
    @discardableResult
    public static func reapOrphans() -> Int {
        #if os(Linux)
            let me = getpid()
            return lock.withLock {
                let orphans = processes().filter { $0.parent == me && !pids.contains($0.pid) }.map(\.pid)
                for orphan in orphans {
                    let below = descendants(of: [orphan])
                    kill(orphan, SIGKILL)
                    for victim in below { kill(victim, SIGKILL) }
                    var status: Int32 = 0
                    _ = waitpid(orphan, &status, 0)
                }
                return orphans.count
            }
        #else
            return 0
        #endif
    }

    #if os(Linux)
        /// Every process's pid and parent, read from /proc/<pid>/stat.
        static func processes() -> [(pid: Int32, parent: Int32)] {
            var found: [(Int32, Int32)] = []
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, let parent = Int32(fields[1]) { found.append((pid, parent)) }
            }
            return found
        }

        /// Every process whose chain of parents reaches one of `roots`.
        static func descendants(of roots: Set<Int32>) -> Set<Int32> {
            var children: [Int32: [Int32]] = [:]
            for process in processes() { children[process.parent, default: []].append(process.pid) }
            var found: Set<Int32> = []
            var queue = Array(roots)
            while let next = queue.popLast() {
                for child in children[next] ?? [] where found.insert(child).inserted { queue.append(child) }
            }
            return found
        }
    #endif
}

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

    /// Starts a process and registers it in one step, so `reapOrphans` never mistakes it for an orphan. A
    /// program started by other means (Foundation's `Process`) in a process that adopts orphans must be started
    /// through this, or the sweeper kills it as one; `remove` it once it has ended.
    public static func launch(_ start: () throws -> Int32) throws -> Int32 {
        try lock.withLock {
            guard !stopped else { throw Stopped() }
            let pid = try start()
            pids.insert(pid)
            return pid
        }
    }

    public static func remove(_ pid: Int32) { lock.withLock { _ = pids.remove(pid) } }

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
    /// escaped its parent by a double fork when no PID namespace holds it; a sweeper reaps them every 100 ms
    /// while the grader runs, so orphans cannot pile up as zombies between runs.
    public static func adoptOrphans() {
        #if os(Linux)
            let start = lock.withLock { () -> Bool in
                defer { adopting = true }
                return !adopting
            }
            guard start, grader_become_subreaper() == 0 else { return }
            let sweeper = Thread {
                while true {
                    reapOrphans()
                    usleep(100_000)
                }
            }
            sweeper.name = "grader-orphan-sweeper"
            sweeper.start()
        #endif
    }

    nonisolated(unsafe) private static var adopting = false

    /// Kills (with their process groups and descendants) and reaps every child of the grader that it did not
    /// start itself: orphans adopted from the trees of finished or running runs. One scan of /proc, then one
    /// check against the registered runs under the launch lock (a run being started is registered by then).
    /// Returns how many it found. A grader that does not adopt orphans has none (they go to the system's init),
    /// and skips the scan, which reads every process's /proc entry after every program it runs.
    @discardableResult
    public static func reapOrphans() -> Int {
        #if os(Linux)
            guard lock.withLock({ adopting }) else { return 0 }
            let me = getpid()
            let myGroup = getpgrp()
            let table = processes()
            let candidates = table.filter { $0.parent == me }.map(\.pid)
            guard !candidates.isEmpty else { return 0 }
            let (orphans, registered) = lock.withLock { (candidates.filter { !pids.contains($0) }, pids) }
            guard !orphans.isEmpty else { return 0 }
            var children: [Int32: [Int32]] = [:]
            for process in table { children[process.parent, default: []].append(process.pid) }
            for orphan in orphans {
                // Its whole group (a process that keeps forking and exiting stays in it), then what hangs below.
                let group = getpgid(orphan)
                // Never the grader's own group, nor a running run's (its root leads it).
                if group > 0, group != myGroup, !registered.contains(group) { kill(-group, SIGKILL) }
                kill(orphan, SIGKILL)
                var queue = children[orphan] ?? []
                while let next = queue.popLast() {
                    kill(next, SIGKILL)
                    queue += children[next] ?? []
                }
            }
            for orphan in orphans {
                var status: Int32 = 0
                _ = waitpid(orphan, &status, 0)
            }
            return orphans.count
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

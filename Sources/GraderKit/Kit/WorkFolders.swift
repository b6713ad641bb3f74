import Foundation
import GraderCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Private work folders: created under the system's temporary folder, removed when done, and removed on
/// Ctrl-C or termination too (a signal handler can reach only process-wide state, hence the static list).
public enum WorkFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: Set<String> = []
    nonisolated(unsafe) private static var handlersInstalled = false

    /// A new empty folder, `grader-<pid>-<random>`, registered for removal on interruption.
    public static func make(prefix: String = "grader") throws -> URL {
        removeOnInterrupt()
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        let folder = base.appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        lock.withLock { _ = live.insert(folder.path) }
        return folder
    }

    /// Removes `folder` and forgets it. It stays registered while it cannot be removed (the Ctrl-C cleanup may be
    /// removing it at the same moment), so the cleanup still finds it.
    public static func remove(_ folder: URL) {
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: folder)
            if !FileManager.default.fileExists(atPath: folder.path) { break }
        }
        if !FileManager.default.fileExists(atPath: folder.path) {
            lock.withLock { _ = live.remove(folder.path) }
        }
    }

    /// On SIGINT, SIGTERM or SIGHUP: stops the grader's child processes, removes every live folder, exits 130.
    ///
    /// The handler only writes a byte to a pipe (all a signal handler may safely do); a waiting task does the
    /// work, retrying the removal while killed compiler jobs finish dying.
    public static func removeOnInterrupt() {
        let install = lock.withLock { () -> Bool in
            defer { handlersInstalled = true }
            return !handlersInstalled
        }
        guard install else { return }
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return }
        wakeDescriptor = descriptors[1]
        let readEnd = descriptors[0]
        DispatchQueue.global().async {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) != 1 {}
            lock.withLock { interrupted = true }
            // Nothing new starts; what runs dies, so the work in flight fails fast and reaches `exit`, after
            // which nothing can recreate a folder. Until then (3 s at most) keep removing them.
            RunningProcesses.stopAll()
            for _ in 0..<60 {
                let (remaining, finished) = lock.withLock { (live, mainFinished) }
                for path in remaining { try? FileManager.default.removeItem(atPath: path) }
                if finished, remaining.allSatisfy({ !FileManager.default.fileExists(atPath: $0) }) { break }
                RunningProcesses.terminateAll()
                usleep(50_000)
            }
            for path in lock.withLock({ live }) { try? FileManager.default.removeItem(atPath: path) }
            FileHandle.standardError.write(Data("grader: interrupted; work folders removed\n".utf8))
            _exit(130)
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { _ in
                var byte: UInt8 = 1
                _ = write(WorkFolders.wakeDescriptor, &byte, 1)
            }
        }
    }

    nonisolated(unsafe) private static var wakeDescriptor: Int32 = -1
    nonisolated(unsafe) private static var interrupted = false
    nonisolated(unsafe) private static var mainFinished = false

    /// Whether an interruption is being handled: the work in flight is void and nothing more is printed.
    public static var isInterrupted: Bool { lock.withLock { interrupted } }

    /// Ends the process with `code`, unless an interruption is being handled: then its cleanup ends the
    /// process (with 130) once the folders are gone, and a report of the killed work never gets out.
    public static func exit(_ code: Int32) -> Never {
        lock.withLock { mainFinished = true }
        while isInterrupted { usleep(100_000) }
        Foundation.exit(code)
    }
}

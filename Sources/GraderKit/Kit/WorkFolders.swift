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

    /// Removes `folder` and forgets it.
    public static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        lock.withLock { _ = live.remove(folder.path) }
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
            RunningProcesses.terminateAll()
            for _ in 0..<20 {
                let remaining = lock.withLock { live }
                for path in remaining { try? FileManager.default.removeItem(atPath: path) }
                if remaining.allSatisfy({ !FileManager.default.fileExists(atPath: $0) }) { break }
                RunningProcesses.terminateAll()
                usleep(150_000)
            }
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

    /// Whether an interruption is being handled: the work in flight is void and nothing more is printed.
    public static var isInterrupted: Bool { lock.withLock { interrupted } }

    /// Ends the process with `code`, unless an interruption is being handled: then its cleanup ends the
    /// process (with 130) once the folders are gone, and a report of the killed work never gets out.
    public static func exit(_ code: Int32) -> Never {
        while isInterrupted { usleep(100_000) }
        Foundation.exit(code)
    }
}

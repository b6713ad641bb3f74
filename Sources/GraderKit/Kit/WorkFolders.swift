import Foundation

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

    /// Removes every live folder when the process gets SIGINT, SIGTERM or SIGHUP, then exits 130.
    public static func removeOnInterrupt() {
        lock.withLock {
            guard !handlersInstalled else { return }
            handlersInstalled = true
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { _ in
                WorkFolders.removeAllNow()
                let message = "grader: interrupted; work folders removed\n"
                _ = message.withCString { write(2, $0, strlen($0)) }
                _exit(130)
            }
        }
    }

    static func removeAllNow() {
        // Called from a signal handler: no lock (it may be held by the interrupted thread).
        for path in live { try? FileManager.default.removeItem(atPath: path) }
    }
}

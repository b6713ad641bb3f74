import Foundation

/// When the grader may write into a warm build folder again.
///
/// Swift's driver reads file times in whole seconds on Linux (swift-driver's `lastModificationTime` rounds down
/// there; Swift 6.3). A source rewritten within the second its last build recorded for it counts as unchanged, and
/// a module written within the second a dependent's last build started counts as current: either way the warm
/// build keeps the previous submission's code, and SwiftPM reports success. So each build records when it ended,
/// by this machine's clock and by the file system's, and nothing is written for the next build of that folder
/// before the file system's clock has reached a later second than both (docs/grading.md, "A warm build").
public struct BuildClock: Sendable {
    /// Seconds since 1970 by this machine's clock.
    public var now: @Sendable () -> TimeInterval
    /// The modification time the file system gives a file written now in the folder (seconds since 1970); nil
    /// when it cannot say. On a local disk it is `now` give or take a tick; on a network share it is the server's.
    public var fileTime: @Sendable (URL) -> TimeInterval?
    /// Waits the seconds given.
    public var sleep: @Sendable (TimeInterval) -> Void

    public init(
        now: @escaping @Sendable () -> TimeInterval, fileTime: @escaping @Sendable (URL) -> TimeInterval?,
        sleep: @escaping @Sendable (TimeInterval) -> Void
    ) {
        self.now = now
        self.fileTime = fileTime
        self.sleep = sleep
    }

    public static let live = BuildClock(
        now: { Date().timeIntervalSince1970 },
        fileTime: { folder in
            let probe = folder.appendingPathComponent(".grader-clock")
            guard (try? Data().write(to: probe)) != nil else { return nil }
            return ((try? FileManager.default.attributesOfItem(atPath: probe.path))?[.modificationDate] as? Date)?
                .timeIntervalSince1970
        },
        sleep: { Thread.sleep(forTimeInterval: $0) })

    /// File times come from the kernel's coarse clock, up to one tick behind `now`: the margin covers it.
    static let margin: TimeInterval = 0.05
    /// How far ahead of now a recorded end may lie before the clock counts as set back.
    static let tolerance: TimeInterval = 1
    /// The longest wait: past it the clocks are not moving together, and the folder is built from nothing.
    static let longestWait: TimeInterval = 3

    /// Where a build folder keeps the end of its last build: this machine's time and the file system's.
    static func stamp(in scratch: URL) -> URL { scratch.appendingPathComponent(".grader-build-ended") }

    /// Records that a build in `scratch` ended now, or at `notBefore` when that is later (the clock went back
    /// during the build: the next wait then finds the end ahead of now and has the folder built from nothing).
    func recordEnd(in scratch: URL, notBefore: TimeInterval = -.infinity) {
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let local = max(now(), notBefore)
        let file = max(fileTime(scratch) ?? local, notBefore)
        try? Data("\(local) \(file)\n".utf8).write(to: Self.stamp(in: scratch), options: .atomic)
    }

    /// Whether files may be written for the next build of `scratch`.
    enum Readiness: Equatable {
        case ready
        /// File times say nothing about what changed (why given): the folder must be built from nothing.
        case unreliable(String)
    }

    /// Waits until files written now fall in a later whole second, by the file system's clock, than the end of the
    /// last build in `scratch` (no wait when nothing was built there; an unreadable record counts as a build that
    /// ended now).
    func waitForNextSecond(after scratch: URL) -> Readiness {
        guard FileManager.default.fileExists(atPath: scratch.path) else { return .ready }
        let recorded = ((try? String(contentsOf: Self.stamp(in: scratch), encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isWhitespace).map { TimeInterval($0).flatMap { $0.isFinite ? $0 : nil } }
        let localEnd = (recorded.first ?? nil) ?? now()
        let fileEnd = (recorded.dropFirst().first ?? nil) ?? fileTime(scratch) ?? localEnd
        var waited: TimeInterval = 0
        while true {
            let current = now()
            let fileNow = fileTime(scratch) ?? (current - Self.margin)
            if localEnd > current + Self.tolerance || fileEnd > fileNow + Self.tolerance {
                return .unreliable("the clock is behind the warm build's last build")
            }
            // Sources are compared with the file times the last build read (at most `fileEnd`); a module written
            // next is compared with the time a dependent's last build started (at most `localEnd`).
            let end = max(localEnd, fileEnd).rounded(.down)
            if fileNow.rounded(.down) > end { return .ready }
            guard waited < Self.longestWait else {
                return .unreliable("the file system's clock does not keep pace with this machine's")
            }
            let pause = min(end + 1 - fileNow + 0.01, 1.1, Self.longestWait - waited + 0.01)
            sleep(pause)
            waited += pause
        }
    }
}

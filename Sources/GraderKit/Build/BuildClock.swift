import Foundation

/// When the grader may write into a warm build folder again.
///
/// Swift's driver reads file times in whole seconds on Linux (swift-driver's `lastModificationTime` rounds down
/// there; Swift 6.3). A source rewritten within the second its last build recorded for it counts as unchanged, and
/// a module written within the second a dependent's last build started counts as current: either way the warm
/// build keeps the previous submission's code, and SwiftPM reports success. So each build records when it ended,
/// and nothing is written for the next build of that folder before a later second has begun (docs/grading.md,
/// "A warm build").
public struct BuildClock: Sendable {
    /// Seconds since 1970.
    public var now: @Sendable () -> TimeInterval
    /// Waits the seconds given.
    public var sleep: @Sendable (TimeInterval) -> Void

    public init(now: @escaping @Sendable () -> TimeInterval, sleep: @escaping @Sendable (TimeInterval) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    public static let live = BuildClock(
        now: { Date().timeIntervalSince1970 }, sleep: { Thread.sleep(forTimeInterval: $0) })

    /// File times come from the kernel's coarse clock, up to one tick behind this one: the margin covers it.
    static let margin: TimeInterval = 0.05

    /// How far ahead of now a recorded end may lie before the clock counts as set back.
    static let tolerance: TimeInterval = 1

    /// Where a build folder keeps the end of its last build.
    static func stamp(in scratch: URL) -> URL { scratch.appendingPathComponent(".grader-build-ended") }

    /// Records that a build in `scratch` ended now.
    func recordEnd(in scratch: URL) {
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try? Data(String(now()).utf8).write(to: Self.stamp(in: scratch))
    }

    /// Whether files may be written for the next build of `scratch`.
    enum Readiness: Equatable {
        case ready
        /// The last build ended more than `tolerance` ahead of now: the clock was set back, so file times say
        /// nothing about what changed, and the folder must be built from nothing.
        case clockSetBack
    }

    /// Waits until files written now fall in a later whole second than the end of the last build in `scratch`
    /// (no wait when it has none).
    func waitForNextSecond(after scratch: URL) -> Readiness {
        guard let text = try? String(contentsOf: Self.stamp(in: scratch), encoding: .utf8),
            let ended = TimeInterval(text.trimmingCharacters(in: .whitespacesAndNewlines)), ended.isFinite
        else { return .ready }
        guard ended <= now() + Self.tolerance else { return .clockSetBack }
        let ready = ended.rounded(.down) + 1 + Self.margin
        while case let current = now(), current < ready {
            sleep(ready - current)
        }
        return .ready
    }
}

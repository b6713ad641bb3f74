import Foundation

/// The `swift` driver the grader's builds run, which the sandbox, the LLVM tools and the compiler shim all find
/// their toolchain from.
enum ToolchainDriver {
    /// `swift` given as a path, else the first executable `swift` on the PATH, with its links resolved
    /// (`…/usr/bin/swift` → `…/usr/bin/swift-driver`); nil when there is none.
    static func resolved(
        _ swift: String = "swift", environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        let candidates =
            swift.contains("/")
            ? [URL(fileURLWithPath: swift)]
            : (environment["PATH"] ?? "").split(separator: ":").map {
                URL(fileURLWithPath: String($0)).appendingPathComponent(swift)
            }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.resolvingSymlinksInPath()
    }
}

import Foundation
import GraderCore

/// How to start the test binary for one test, on this platform, with network access cut where possible.
public struct TestCommand: Sendable {
    public var binary: URL
    /// Programs put in front of the test binary (e.g. `unshare -rn` to cut the network on Linux).
    public var prefix: [String]

    public init(binary: URL, prefix: [String] = []) {
        self.binary = binary
        self.prefix = prefix
    }

    /// The request that runs the XCTest `test` (`Module.Class/test`), or lists tests when `test` is nil.
    func xctest(_ test: String?) -> (String, [String]) {
        #if os(macOS)
            let base = ["xcrun", "xctest"] + (test.map { ["-XCTest", $0] } ?? ["-XCTest", "All"]) + [binary.path]
        #else
            let base = [binary.path] + (test.map { [$0] } ?? [])
        #endif
        let words = prefix + base
        return (words[0], Array(words.dropFirst()))
    }

    /// The request that runs Swift Testing tests matching `filter` (a regular expression).
    func swiftTesting(_ arguments: [String]) -> (String, [String]) {
        let words = prefix + [binary.path, "--testing-library", "swift-testing"] + arguments
        return (words[0], Array(words.dropFirst()))
    }
}

/// Resource limits for test processes: address space, size of files written, no core dumps.
public struct ResourceLimits: Sendable {
    public var addressSpaceBytes: Int
    public var fileSizeBytes: Int

    public init(addressSpaceBytes: Int = 4 << 30, fileSizeBytes: Int = 256 << 20) {
        self.addressSpaceBytes = addressSpaceBytes
        self.fileSizeBytes = fileSizeBytes
    }

    /// `prlimit --as=… --fsize=… --core=0 --` on Linux when prlimit is there; nothing elsewhere (with a note).
    public func prefix(runner: ProcessRunner) -> (prefix: [String], note: String?) {
        #if os(Linux)
            if let probe = try? runner(ProcessRequest("prlimit", ["--core=0", "--", "true"], timeout: 10)), probe.succeeded {
                return (["prlimit", "--as=\(addressSpaceBytes)", "--fsize=\(fileSizeBytes)", "--core=0", "--"], nil)
            }
            return ([], "test processes ran without memory limits: prlimit is not available")
        #else
            return ([], "test processes ran without memory limits: rlimits are applied on Linux only")
        #endif
    }
}

/// Finds out once whether test processes can run without network access here.
public enum NetworkIsolation {
    /// `unshare -rn` on Linux when user namespaces are allowed; nothing elsewhere (with a note).
    public static func prefix(runner: ProcessRunner) -> (prefix: [String], note: String?) {
        #if os(Linux)
            if let probe = try? runner(ProcessRequest("unshare", ["-rn", "true"], timeout: 10)), probe.succeeded {
                return (["unshare", "-rn"], nil)
            }
            return ([], "test processes kept network access: 'unshare -rn' is not permitted on this machine")
        #else
            return ([], "test processes kept network access: network isolation is implemented on Linux only")
        #endif
    }
}

import Foundation
import GraderCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built test binary's SHA-256, taken right after the build, with the file's identity (device, inode,
/// size, modification and change times). Before every run the identity is compared, which costs one `stat`;
/// when anything differs the file is hashed again, and a different hash stops the run. The change time cannot
/// be set back by an ordinary process, so a binary replaced or patched in place is always caught.
public struct BinaryFingerprint: Sendable, Equatable {
    public var sha256: String
    var identity: [Int]

    /// The fingerprint of `binary`, or nil when it cannot be read or no hashing tool is installed.
    public static func take(_ binary: URL, runner: ProcessRunner) -> BinaryFingerprint? {
        guard let identity = identity(of: binary), let hash = hash(binary, runner: runner) else { return nil }
        return BinaryFingerprint(sha256: hash, identity: identity)
    }

    /// Nil when `binary` is still the file fingerprinted, else a one-line reason.
    public func verify(_ binary: URL, runner: ProcessRunner) -> String? {
        guard let now = Self.identity(of: binary) else { return "the test binary is gone" }
        if now == identity { return nil }
        return Self.hash(binary, runner: runner) == sha256 ? nil : "the test binary changed after the build; not run"
    }

    static func identity(of file: URL) -> [Int]? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
            let changed = [Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec)]
        #else
            let modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
            let changed = [Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
        #endif
        return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size)] + modified + changed
    }

    /// SHA-256 of `file` by the system's tool (`sha256sum`, or `shasum -a 256` on macOS).
    static func hash(_ file: URL, runner: ProcessRunner) -> String? {
        for (tool, arguments) in [("sha256sum", [file.path]), ("shasum", ["-a", "256", file.path])] {
            guard let output = try? runner(ProcessRequest(tool, arguments, timeout: 120)), output.succeeded,
                let digest = output.stdout.split(separator: " ").first, digest.count == 64
            else { continue }
            return String(digest)
        }
        return nil
    }
}

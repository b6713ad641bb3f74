import Foundation
import GraderCore

/// How to start the built test binary for one test, or to list its tests, on this platform.
public struct TestCommand: Sendable {
    public var binary: URL

    public init(binary: URL) {
        self.binary = binary
    }

    /// The program and arguments that run the XCTest `test` (`Module.Class/test`), or list tests when nil.
    func xctest(_ test: String?) -> (String, [String]) {
        #if os(macOS)
            return ("xcrun", ["xctest"] + (test.map { ["-XCTest", $0] } ?? ["-XCTest", "All"]) + [binary.path])
        #else
            return (binary.path, test.map { [$0] } ?? [])
        #endif
    }

    /// The program and arguments that run Swift Testing tests with `arguments` (`--filter`, `--list-tests`).
    func swiftTesting(_ arguments: [String]) -> (String, [String]) {
        (binary.path, ["--testing-library", "swift-testing"] + arguments)
    }
}

/// Starts test processes: the command, confined by the sandbox under resource limits, after checking that the
/// binary is still the one the build produced.
public struct TestLauncher: Sendable {
    public var command: TestCommand
    public var sandbox: Sandbox
    public var limits: ResourceLimits
    /// Taken right after the build; nil when the binary could not be fingerprinted (then nothing is checked).
    public var fingerprint: BinaryFingerprint?

    public init(
        command: TestCommand, sandbox: Sandbox, limits: ResourceLimits = ResourceLimits(),
        fingerprint: BinaryFingerprint?
    ) {
        self.command = command
        self.sandbox = sandbox
        self.limits = limits
        self.fingerprint = fingerprint
    }

    /// `words` as a sandboxed request that may write only `writable`, running in `workingDirectory`.
    func request(
        _ words: (String, [String]), writable: [URL], workingDirectory: URL, environment: [String: String],
        input: Data? = nil, timeout: TimeInterval, outputLimit: Int = 64 << 10, asInit: Bool = false
    ) -> ProcessRequest {
        // Every process of the test binary starts no process of its own (Rubrics/Support/GraderHarnessBoot).
        let request = ProcessRequest(
            words.0, words.1, workingDirectory: workingDirectory,
            environment: environment.merging(["GRADER_NO_PROCESSES": "1"]) { _, forced in forced }, input: input,
            timeout: timeout, outputLimit: outputLimit)
        var access = Sandbox.Access(
            writable: writable, readable: [command.binary.deletingLastPathComponent()], limits: limits,
            temporaryFolder: workingDirectory)
        access.runsAsInit = asInit
        return sandbox.confine(request, access)
    }

    /// Nil when the binary is unchanged since the build, else why it must not run.
    func verify(runner: ProcessRunner) -> String? {
        fingerprint?.verify(command.binary, runner: runner)
    }
}

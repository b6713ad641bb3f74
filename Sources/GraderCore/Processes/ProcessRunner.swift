import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What to run: the program, its arguments and the limits it runs under.
public struct ProcessRequest: Sendable {
    public var executable: String
    public var arguments: [String]
    public var workingDirectory: URL?
    /// Variables to set on top of (or instead of, see `inheritsEnvironment`) the grader's environment.
    public var environment: [String: String]
    public var inheritsEnvironment: Bool
    /// Bytes written to the program's standard input, which is then closed.
    public var input: Data?
    /// Seconds before the program is killed; `nil` for no limit.
    public var timeout: TimeInterval?
    /// Bytes of standard output and of standard error kept; the rest is read and dropped.
    public var outputLimit: Int
    /// Bytes of standard output, counted as they are read, after which the program is killed; `nil` for no limit.
    /// What a program really writes, not what it claims (an archive's headers), is what counts.
    public var stdoutBudget: Int?
    /// Instead of `input`: a talk with the program while it runs, on the caller's thread. Its standard input stays
    /// open until the talk returns, and its standard output goes to the talk (`ProcessOutput.stdout` is empty);
    /// the program is then given the rest of `timeout` to end. Live processes only: a runner that cannot talk
    /// ignores it.
    public var conversation: (@Sendable (ProcessChannel) -> Void)?

    public init(
        _ executable: String, _ arguments: [String] = [], workingDirectory: URL? = nil,
        environment: [String: String] = [:], inheritsEnvironment: Bool = true, input: Data? = nil,
        timeout: TimeInterval? = nil, outputLimit: Int = 4 << 20, stdoutBudget: Int? = nil
    ) {
        self.stdoutBudget = stdoutBudget
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.inheritsEnvironment = inheritsEnvironment
        self.input = input
        self.timeout = timeout
        self.outputLimit = outputLimit
    }
}

/// What a finished program left: its exit status and (bounded) output.
public struct ProcessOutput: Sendable {
    /// The exit code, or 128 + signal when killed by a signal.
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var timedOut: Bool
    /// Whether output past `outputLimit` was dropped.
    public var truncated: Bool
    public var duration: TimeInterval
    /// The signal that ended the program, if any.
    public var signal: Int32?
    /// Bytes the program wrote to standard output, kept or not.
    public var stdoutBytes: Int
    /// Whether the program was killed for writing more than `stdoutBudget` bytes.
    public var exceededBudget: Bool

    public init(
        status: Int32, stdout: String, stderr: String, timedOut: Bool = false, truncated: Bool = false,
        duration: TimeInterval = 0, signal: Int32? = nil, stdoutBytes: Int? = nil, exceededBudget: Bool = false
    ) {
        self.stdoutBytes = stdoutBytes ?? stdout.utf8.count
        self.exceededBudget = exceededBudget
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
        self.truncated = truncated
        self.duration = duration
        self.signal = signal
    }

    public var succeeded: Bool { status == 0 && !timedOut && !exceededBudget }
}

/// Runs programs. Passed in wherever the grader starts a process, so tests can answer with canned output.
public struct ProcessRunner: Sendable {
    public var run: @Sendable (ProcessRequest) throws -> ProcessOutput
    /// The places a limited runner's processes take (`limited(to:)` in GraderKit), in the order each process takes
    /// them; empty for a runner without limits. A caller that holds a place only while its process computes (the
    /// test lanes: TestBatches) takes and gives them itself, and starts its process through `unlimited`.
    public var places: [ProcessPlaces] = []
    /// This runner without its places; nil for a runner without limits.
    public var unlimited: (@Sendable (ProcessRequest) throws -> ProcessOutput)?

    public init(run: @escaping @Sendable (ProcessRequest) throws -> ProcessOutput) {
        self.run = run
    }

    public func callAsFunction(_ request: ProcessRequest) throws -> ProcessOutput {
        try run(request)
    }

    /// Runs `executable` found on the PATH (or at an absolute path).
    public func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> ProcessOutput {
        try run(ProcessRequest(executable, arguments, workingDirectory: directory))
    }
}

/// Why a program could not be started.
public struct ProcessLaunchError: Error, CustomStringConvertible, Sendable {
    public var executable: String
    public var reason: String
    public var description: String { "could not run \(executable): \(reason)" }
}

/// At most a number of holders at once: `take` waits for a free place, `give` hands one back.
public final class ProcessPlaces: @unchecked Sendable {
    private let free: DispatchSemaphore

    public init(_ count: Int) {
        free = DispatchSemaphore(value: max(1, count))
    }

    public func take() { free.wait() }

    public func give() { free.signal() }
}

extension Array where Element == ProcessPlaces {
    /// Takes a place in each, in order.
    public func take() {
        for places in self { places.take() }
    }

    /// Gives one back to each, in the reverse order.
    public func give() {
        for places in reversed() { places.give() }
    }
}

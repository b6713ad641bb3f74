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

    public init(
        _ executable: String, _ arguments: [String] = [], workingDirectory: URL? = nil,
        environment: [String: String] = [:], inheritsEnvironment: Bool = true, input: Data? = nil,
        timeout: TimeInterval? = nil, outputLimit: Int = 4 << 20
    ) {
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

    public init(
        status: Int32, stdout: String, stderr: String, timedOut: Bool = false, truncated: Bool = false,
        duration: TimeInterval = 0, signal: Int32? = nil
    ) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.timedOut = timedOut
        self.truncated = truncated
        self.duration = duration
        self.signal = signal
    }

    public var succeeded: Bool { status == 0 && !timedOut }
}

/// Runs programs. Passed in wherever the grader starts a process, so tests can answer with canned output.
public struct ProcessRunner: Sendable {
    public var run: @Sendable (ProcessRequest) throws -> ProcessOutput

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

extension ProcessRunner {
    /// Runs real processes with Foundation's `Process`.
    public static let live = ProcessRunner { request in try LiveProcess.run(request) }
}

private enum LiveProcess {
    static func run(_ request: ProcessRequest) throws -> ProcessOutput {
        let process = Process()
        if request.executable.contains("/") {
            process.executableURL = URL(fileURLWithPath: request.executable)
            process.arguments = request.arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [request.executable] + request.arguments
        }
        if let directory = request.workingDirectory { process.currentDirectoryURL = directory }
        var environment = request.inheritsEnvironment ? ProcessInfo.processInfo.environment : [:]
        environment.merge(request.environment) { _, new in new }
        process.environment = environment

        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin

        let outReader = BoundedReader(handle: stdout.fileHandleForReading, limit: request.outputLimit)
        let errReader = BoundedReader(handle: stderr.fileHandleForReading, limit: request.outputLimit)
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }

        let start = Date()
        do {
            try process.run()
        } catch {
            throw ProcessLaunchError(executable: request.executable, reason: "\(error.localizedDescription)")
        }
        RunningProcesses.add(process.processIdentifier)
        defer { RunningProcesses.remove(process.processIdentifier) }
        outReader.start()
        errReader.start()
        if let input = request.input {
            stdin.fileHandleForWriting.write(input)
        }
        try? stdin.fileHandleForWriting.close()

        var timedOut = false
        if let timeout = request.timeout {
            if finished.wait(timeout: .now() + timeout) == .timedOut {
                timedOut = true
                kill(-process.processIdentifier, SIGKILL)
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        } else {
            finished.wait()
        }
        let out = outReader.finish()
        let err = errReader.finish()
        let signal: Int32? = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        let status = signal.map { 128 + $0 } ?? process.terminationStatus
        return ProcessOutput(
            status: status, stdout: out.text, stderr: err.text, timedOut: timedOut,
            truncated: out.truncated || err.truncated, duration: Date().timeIntervalSince(start), signal: signal)
    }
}

/// The programs the grader has started and not yet seen end, so an interrupted grader can stop them
/// (a signal handler reaches only process-wide state, hence the static list).
public enum RunningProcesses {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pids: Set<Int32> = []

    static func add(_ pid: Int32) { lock.withLock { _ = pids.insert(pid) } }
    static func remove(_ pid: Int32) { lock.withLock { _ = pids.remove(pid) } }

    /// Kills every running child with all its descendants: the process group (Foundation starts each child as
    /// a group leader) and, on Linux, every process below it found through /proc (the compiler jobs under
    /// `swift build` run in groups of their own).
    public static func terminateAll() {
        let roots = lock.withLock { pids }
        var victims = roots
        #if os(Linux)
            victims.formUnion(descendants(of: roots))
        #endif
        for pid in roots { kill(-pid, SIGKILL) }
        for pid in victims { kill(pid, SIGKILL) }
    }

    #if os(Linux)
        /// Every process whose chain of parents reaches one of `roots`, read from /proc/<pid>/stat.
        static func descendants(of roots: Set<Int32>) -> Set<Int32> {
            var children: [Int32: [Int32]] = [:]
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, let parent = Int32(fields[1]) { children[parent, default: []].append(pid) }
            }
            var found: Set<Int32> = []
            var queue = Array(roots)
            while let next = queue.popLast() {
                for child in children[next] ?? [] where found.insert(child).inserted { queue.append(child) }
            }
            return found
        }
    #endif
}

/// Reads a pipe to its end on a background queue, keeping at most `limit` bytes.
private final class BoundedReader: @unchecked Sendable {
    private let handle: FileHandle
    private let limit: Int
    private var data = Data()
    private var truncated = false
    private let done = DispatchSemaphore(value: 0)

    init(handle: FileHandle, limit: Int) {
        self.handle = handle
        self.limit = limit
    }

    func start() {
        DispatchQueue.global().async {
            while true {
                let chunk = self.handle.availableData
                if chunk.isEmpty { break }
                let room = self.limit - self.data.count
                if room > 0 { self.data.append(chunk.prefix(room)) }
                if chunk.count > room { self.truncated = true }
            }
            self.done.signal()
        }
    }

    /// Waits for the end of the pipe (bounded, in case a grandchild keeps it open).
    func finish() -> (text: String, truncated: Bool) {
        _ = done.wait(timeout: .now() + 5)
        let text = String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
        return (text, truncated)
    }
}

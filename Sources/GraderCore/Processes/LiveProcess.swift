import Foundation
import GraderSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ProcessRunner {
    /// Runs real processes. When a run ends, for whatever reason, its whole process tree is killed: nothing it
    /// started outlives it.
    public static let live = ProcessRunner { request in try LiveProcess.run(request) }
}

/// Starts programs with `posix_spawn` and waits for them with `waitpid`, owning every descriptor involved.
///
/// Foundation's `Process` is not used: on Linux it learns that a child ended when a socket the child inherits
/// closes, so a grandchild that keeps it open (a compiler job, a daemon) hides the end of the run forever.
enum LiveProcess {
    /// A talk that writes to a program that has ended gets an error, not SIGPIPE (which would end the grader).
    /// Programs started here get every signal's default back (grader_spawn).
    private static let ignoresBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Seconds to wait for the end of the output pipes after the program has ended (a grandchild may hold them).
    static let pipeGrace: TimeInterval = 2

    static func run(_ request: ProcessRequest) throws -> ProcessOutput {
        var environment = request.inheritsEnvironment ? ProcessInfo.processInfo.environment : [:]
        environment.merge(request.environment) { _, new in new }
        // A bare name is looked up on the PATH the program will see, as a shell would.
        let (path, arguments) =
            request.executable.contains("/")
            ? (request.executable, [request.executable] + request.arguments)
            : ("/usr/bin/env", ["env", request.executable] + request.arguments)

        let start = Date()
        var ends = [Int32](repeating: -1, count: 6)  // stdin r/w, stdout r/w, stderr r/w
        let pid: Int32
        do {
            pid = try RunningProcesses.launch {
                for pair in 0..<3 {
                    var descriptors: [Int32] = [0, 0]
                    guard pipe(&descriptors) == 0 else { throw launchError(request, errno) }
                    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
                    ends[2 * pair] = descriptors[0]
                    ends[2 * pair + 1] = descriptors[1]
                }
                var child: pid_t = 0
                let result = withCStrings(arguments) { argv in
                    withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                        grader_spawn(
                            path, argv, envp, request.workingDirectory?.path, ends[0], ends[3], ends[5], &child)
                    }
                }
                guard result == 0 else { throw launchError(request, result) }
                return child
            }
        } catch {
            for descriptor in ends where descriptor >= 0 { close(descriptor) }
            if let stopped = error as? RunningProcesses.Stopped {
                throw ProcessLaunchError(executable: request.executable, reason: stopped.description)
            }
            throw error
        }
        // The child's ends belong to the child now.
        close(ends[0])
        close(ends[3])
        close(ends[5])
        let exited = ExitWatcher(pid: pid)
        // A talk reads standard output itself; what it leaves unread is drained once it is done.
        let outReader = PipeDrain(
            descriptor: ends[2], limit: request.conversation == nil ? request.outputLimit : 0,
            budget: request.stdoutBudget, overBudget: { RunningProcesses.killTree(pid) })
        let errReader = PipeDrain(descriptor: ends[4], limit: request.outputLimit)
        errReader.start()
        if let conversation = request.conversation {
            _ = ignoresBrokenPipes
            conversation(ProcessChannel(input: ends[1], output: ends[2]))
            close(ends[1])
            outReader.start()
        } else {
            outReader.start()
            if let input = request.input { writeAll(input, to: ends[1]) }
            close(ends[1])
        }

        var timedOut = false
        if let timeout = request.timeout,
            !exited.wait(until: .now() + max(0, timeout - Date().timeIntervalSince(start)))
        {
            timedOut = true
            RunningProcesses.killTree(pid)
        }
        let status = exited.status()
        // Whatever the program left in its group (a background job) goes with it; what left the group (a daemon
        // that called setsid) dies with the sandbox's PID namespace, or is reaped as an adopted orphan.
        RunningProcesses.remove(pid)
        kill(-pid, SIGKILL)
        RunningProcesses.reapOrphans()
        let out = outReader.finish(grace: pipeGrace)
        let err = errReader.finish(grace: pipeGrace)
        close(ends[2])
        close(ends[4])
        return ProcessOutput(
            status: status.code, stdout: text(out.data), stderr: text(err.data), timedOut: timedOut,
            truncated: out.truncated || err.truncated, duration: Date().timeIntervalSince(start), signal: status.signal,
            stdoutBytes: out.total, exceededBudget: out.exceeded)
    }

    private static func launchError(_ request: ProcessRequest, _ code: Int32) -> ProcessLaunchError {
        ProcessLaunchError(executable: request.executable, reason: String(cString: strerror(code)))
    }

    /// Calls `body` with a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Writes all of `data`, giving up quietly when the reader has gone (a program that never reads its input).
    private static func writeAll(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    private static func text(_ data: Data) -> String {
        String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
    }
}

/// Waits for one child with `waitpid` on a thread of its own, so the caller can wait with a deadline.
private final class ExitWatcher: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var rawStatus: Int32 = 0

    init(pid: Int32) {
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            rawStatus = status
            done.signal()
        }
        thread.name = "grader-exit-watcher"
        thread.start()
    }

    /// Whether the child ended before `deadline`.
    func wait(until deadline: DispatchTime) -> Bool {
        if done.wait(timeout: deadline) == .timedOut { return false }
        done.signal()
        return true
    }

    /// The exit code (128 + signal when killed) and the signal, once the child has ended.
    func status() -> (code: Int32, signal: Int32?) {
        done.wait()
        done.signal()
        let signal = rawStatus & 0x7F
        if signal == 0 { return ((rawStatus >> 8) & 0xFF, nil) }
        return (128 + signal, signal)
    }
}

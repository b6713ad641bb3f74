import Foundation
import GraderCore

/// How every process that runs candidate code (the build, hidden tests, the candidate's own tests and their
/// listing) is confined (SPEC §5, docs/grading.md "Sandbox").
///
/// - `bubblewrap` (`bwrap`, Linux): the whole file system read-only, an empty private `/tmp`, the user's home,
///   the kit and the grader's temporary folder hidden, only the run's own folders writable; no network; a PID
///   namespace, so every process the run starts dies with it; no capabilities, a new session.
/// - `namespaces` (`unshare`, Linux, when bubblewrap is missing): no network and a PID namespace; the file
///   system is not protected.
/// - `none`: only resource limits (Linux) and killing the run's process tree when it ends.
public struct Sandbox: Sendable {
    public enum Isolation: String, Codable, Sendable, CaseIterable {
        case bubblewrap, namespaces, none
    }

    public var isolation: Isolation
    /// Folders no sandboxed process sees (bubblewrap only): an empty folder is mounted over each.
    public var hidden: [String]
    /// Folders that stay readable even when they sit under a hidden one (the toolchain under a home folder).
    public var keepReadable: [String]
    /// Whether resource limits are applied (`prlimit`, Linux).
    public var appliesLimits: Bool
    /// The most the sandbox's private `/tmp` may hold (bubblewrap; it lives in memory). A test's files are each
    /// limited to 256 MiB, not their number: without this, the tests of several submissions running at once could
    /// fill the machine's memory. Nil where bubblewrap is older than 0.6 and has no `--size` (the report says so).
    public var temporaryBytes: Int? = 512 << 20
    /// The most each empty folder over a hidden one may hold (in memory too): there is nothing to keep there.
    public var hiddenBytes = 64 << 20

    public init(isolation: Isolation, hidden: [String] = [], keepReadable: [String] = [], appliesLimits: Bool = false) {
        self.isolation = isolation
        self.hidden = hidden
        self.keepReadable = keepReadable
        self.appliesLimits = appliesLimits
    }

    /// What one sandboxed run may touch.
    public struct Access: Sendable {
        /// Folders the run may write (they exist before it starts).
        public var writable: [URL]
        /// Folders it may read although they sit under a hidden one (the built test binary's folder).
        public var readable: [URL]
        /// Resource limits, or nil for none (the build).
        public var limits: ResourceLimits?
        /// The folder the run's temporary files go to when the sandbox has no private `/tmp` of its own.
        public var temporaryFolder: URL
        /// Whether the program is the init of the sandbox's PID namespace (bubblewrap's `--as-pid-1`): the batch
        /// server, which no process it starts may outlive, signal or trace.
        public var runsAsInit = false

        public init(writable: [URL], readable: [URL] = [], limits: ResourceLimits?, temporaryFolder: URL) {
            self.writable = writable
            self.readable = readable
            self.limits = limits
            self.temporaryFolder = temporaryFolder
        }
    }

    /// Environment variables a sandboxed run inherits from the grader; everything else (tokens, credentials)
    /// stays out.
    static let inheritedVariables = [
        "PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "DEVELOPER_DIR", "SDKROOT", "TOOLCHAINS",
    ]

    /// `request` rewritten to run inside the sandbox.
    public func confine(_ request: ProcessRequest, _ access: Access) -> ProcessRequest {
        var confined = request
        let host = ProcessInfo.processInfo.environment
        var environment = host.filter { Self.inheritedVariables.contains($0.key) }
        environment["TMPDIR"] = isolation == .bubblewrap ? "/tmp" : access.temporaryFolder.path
        environment.merge(request.environment) { _, new in new }
        confined.environment = environment
        confined.inheritsEnvironment = false

        var command = [request.executable] + request.arguments
        if appliesLimits, let limits = access.limits { command = limits.prlimitPrefix + command }
        switch isolation {
        case .bubblewrap:
            command = bubblewrapPrefix(access, workingDirectory: request.workingDirectory) + command
        case .namespaces:
            command =
                [
                    "unshare", "--user", "--map-root-user", "--net", "--pid", "--fork", "--kill-child", "--mount-proc",
                    "--",
                ] + command
        case .none:
            break
        }
        confined.executable = command[0]
        confined.arguments = Array(command.dropFirst())
        return confined
    }

    /// `output` with the signal that ended the program inside: bubblewrap reports a death by signal N as the
    /// exit status 128 + N.
    public func interpret(_ output: ProcessOutput) -> ProcessOutput {
        guard isolation == .bubblewrap, output.signal == nil, !output.timedOut, (129...159).contains(output.status)
        else {
            return output
        }
        var interpreted = output
        interpreted.signal = output.status - 128
        return interpreted
    }

    func bubblewrapPrefix(_ access: Access, workingDirectory: URL?) -> [String] {
        var words = [
            "bwrap", "--die-with-parent", "--new-session", "--unshare-all", "--cap-drop", "ALL",
            "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
        ]
        let sized = temporaryBytes != nil
        words += (sized ? ["--size", String(temporaryBytes ?? 0)] : []) + ["--tmpfs", "/tmp"]
        let existing = { (path: String) in FileManager.default.fileExists(atPath: path) }
        let hiding = hidden.filter { $0 != "/" && $0 != "/tmp" && existing($0) }
        func hide(_ folders: [String]) {
            for folder in folders { words += (sized ? ["--size", String(hiddenBytes)] : []) + ["--tmpfs", folder] }
        }
        hide(hiding)
        // A folder to keep readable is bound again only where a hidden folder covers it (a toolchain under the
        // home folder): binding the toolchain at `/` (installed in /usr) would undo every hidden folder. A hidden
        // folder inside a folder bound again is hidden again.
        let inside = { (folder: String, parent: String) in
            folder.hasPrefix(parent.hasSuffix("/") ? parent : parent + "/")
        }
        let covered = keepReadable.filter { folder in existing(folder) && hiding.contains { inside(folder, $0) } }
        for folder in covered + access.readable.map(\.path).filter(existing) {
            words += ["--ro-bind", folder, folder]
        }
        hide(hiding.filter { folder in covered.contains { inside(folder, $0) } })
        for folder in access.writable.map(\.path) where existing(folder) {
            words += ["--bind", folder, folder]
        }
        if let workingDirectory { words += ["--chdir", workingDirectory.path] }
        if access.runsAsInit { words.append("--as-pid-1") }
        return words + ["--"]
    }

    /// Lines for the report: which isolation was used and what it means.
    public var notes: [String] {
        var notes = [isolationNote]
        if !appliesLimits {
            #if os(Linux)
                notes.append("test processes ran without memory limits: prlimit is not available")
            #else
                notes.append("test processes ran without memory limits: rlimits are applied on Linux only")
            #endif
        }
        if isolation == .bubblewrap, temporaryBytes == nil {
            notes.append("bubblewrap is older than 0.6: the sandbox's /tmp and hidden folders were not bounded in size")
        }
        return notes
    }

    var isolationNote: String {
        switch isolation {
        case .bubblewrap:
            return "sandbox: bubblewrap (read-only file system, private /tmp, no network, own PID namespace)"
        case .namespaces:
            return
                "sandbox: unshare (no network, own PID namespace); the file system was not protected: install bubblewrap"
        case .none:
            #if os(Linux)
                return "sandbox: none (resource limits and a process-tree kill only): install bubblewrap"
            #else
                return
                    "sandbox: none on this system (a process-tree kill only); grade strangers' code on Linux with bubblewrap"
            #endif
        }
    }

    /// The strongest isolation that works here, hiding `hidden` from sandboxed runs. `GRADER_SANDBOX`
    /// (`bubblewrap`, `namespaces`, `none`) asks for a weaker one.
    public static func detect(
        runner: ProcessRunner, hidden: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Sandbox {
        let ceiling = environment["GRADER_SANDBOX"].flatMap(Isolation.init(rawValue:)) ?? .bubblewrap
        let candidates = Isolation.allCases.drop { $0 != ceiling }
        let toolchain = Self.toolchainFolder(environment: environment)
        var limits = false
        #if os(Linux)
            limits =
                (try? runner(ProcessRequest("prlimit", ["--core=0", "--", "true"], timeout: 20)))?.succeeded ?? false
        #endif
        for isolation in candidates {
            var sandbox = Sandbox(
                isolation: isolation, hidden: hidden, keepReadable: toolchain.map { [$0] } ?? [], appliesLimits: limits)
            if isolation == .none { return sandbox }
            let probe = sandbox.probe(runner: runner)
            if probe?.succeeded == true { return sandbox }
            // A bubblewrap that refuses `--size` (before 0.6) still isolates; its file systems are then unbounded.
            sandbox.temporaryBytes = nil
            if isolation == .bubblewrap, probe?.stderr.contains("--size") == true, sandbox.works(runner: runner) {
                return sandbox
            }
        }
        return Sandbox(isolation: .none, appliesLimits: limits)
    }

    /// Whether `true` runs inside this sandbox.
    func works(runner: ProcessRunner) -> Bool {
        #if os(Linux)
            return probe(runner: runner)?.succeeded ?? false
        #else
            return isolation == .none
        #endif
    }

    /// How `true` ran inside this sandbox; nil when it could not start.
    func probe(runner: ProcessRunner) -> ProcessOutput? {
        let probe = confine(
            ProcessRequest("true", timeout: 20),
            Access(writable: [], limits: nil, temporaryFolder: URL(fileURLWithPath: NSTemporaryDirectory())))
        return try? runner(probe)
    }

    /// The folder of the toolchain the `swift` on the PATH belongs to (`…/usr/bin/swift` → `…`).
    static func toolchainFolder(environment: [String: String]) -> String? {
        // …/usr/bin/swift → … ; a bare bin/swift → its parent's parent.
        ToolchainDriver.resolved(environment: environment)?.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }
}

/// Resource limits for test processes: address space, size of files written, no core dumps, no POSIX message
/// queues (a queue outlives its process in the sandbox's IPC namespace, which a batch's tests share: TestBatches).
public struct ResourceLimits: Sendable {
    public var addressSpaceBytes: Int?
    public var fileSizeBytes: Int

    public init(addressSpaceBytes: Int? = 4 << 30, fileSizeBytes: Int = 256 << 20) {
        self.addressSpaceBytes = addressSpaceBytes
        self.fileSizeBytes = fileSizeBytes
    }

    /// Limits for a build: no core dumps and bounded files, but the compiler's memory is its own business.
    public static let build = ResourceLimits(addressSpaceBytes: nil, fileSizeBytes: 2 << 30)

    /// `prlimit --as=… --fsize=… --core=0 --msgqueue=0 --` (util-linux).
    var prlimitPrefix: [String] {
        ["prlimit"] + (addressSpaceBytes.map { ["--as=\($0)"] } ?? [])
            + ["--fsize=\(fileSizeBytes)", "--core=0", "--msgqueue=0", "--"]
    }
}

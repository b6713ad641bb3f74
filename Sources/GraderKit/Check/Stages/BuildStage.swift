import Foundation
import GraderCore

/// What the Build stage hands on: the package as built, the build's outcome and the way to start its tests.
public struct BuiltSubmission: Sendable {
    public var package: GradingPackage
    public var outcome: BuildOutcome
    /// Starts the built test binary in the sandbox; nil when there is no binary.
    public var launcher: TestLauncher?
    public var notes: [String]
}

/// Stage 3: lay out the grading package (the candidate's sources, the hidden suite, the grader's manifest) and
/// build it in the sandbox. The hidden suite is built as one target first (fastest); when it does not compile
/// against the submission, it is laid out again with one target per requirement, so only the requirements
/// whose tests no longer compile are lost. The built binary is fingerprinted.
public struct BuildStage: Sendable {
    public var kit: Kit
    public var runner: ProcessRunner
    public var environment: CheckEnvironment
    public var timeout: TimeInterval
    public var limits: ResourceLimits
    /// When the package may be written again after the last build in the slot.
    public var clock: BuildClock
    /// Whether the grader lists the candidate's own tests itself where it can (ListedOwnTests); false leaves them
    /// to SwiftPM's discovery.
    public var listsOwnTests = true

    public init(
        kit: Kit, runner: ProcessRunner, environment: CheckEnvironment, timeout: TimeInterval, limits: ResourceLimits,
        clock: BuildClock = .live
    ) {
        self.kit = kit
        self.runner = runner
        self.environment = environment
        self.timeout = timeout
        self.limits = limits
        self.clock = clock
    }

    /// Builds in `slot` (a folder reused across submissions of one exercise keeps the build warm). With
    /// `binaryFolder`, the test binary (and the resource bundles beside it) is copied there and run from there, so
    /// the next submission can build in the slot while this one's tests run.
    public func run(_ identified: IdentifiedSubmission, suite: HiddenSuite, slot: URL, binaryFolder: URL? = nil)
        throws -> BuiltSubmission
    {
        let packageFolder = slot.appendingPathComponent("package")
        let scratch = slot.appendingPathComponent("scratch")
        let writer = GradingPackageWriter.qualifying(
            kit: kit, rubric: identified.rubric, moduleSelectors: environment.moduleSelectors)
        var builder = Builder(runner: runner, timeout: timeout, sandbox: environment.sandbox, clock: clock)
        builder.compilerShim = environment.compilerShim
        if !listsOwnTests { builder.indexStoreLibrary = nil }
        let tree = identified.submission.tree
        var notes: [String] = []
        // A warm build must compile what is written now, not take it for the last submission's sources.
        func settle() {
            if case .unreliable(let why) = clock.waitForNextSecond(after: scratch) {
                try? FileManager.default.removeItem(at: scratch)
                notes.append("\(why); built again from nothing")
            }
        }
        settle()
        let writing = clock.now()
        var package = try writer.write(submission: tree, suite: suite, to: packageFolder)
        var outcome = try builder.build(package, at: packageFolder, scratch: scratch)
        if outcome.needsSplitHiddenSuite {
            settle()
            package = try writer.write(submission: tree, suite: suite, to: packageFolder, combineHidden: false)
            outcome = try builder.build(package, at: packageFolder, scratch: scratch)
        }
        // A clock set back during the build leaves the end before the writes: the next build starts from nothing.
        clock.recordEnd(in: scratch, notBefore: writing)
        notes = package.notes + notes
        if let failure = outcome.failure { notes.append(failure) }
        notes += environment.notes
        if let binaryFolder, let binary = outcome.testBinary {
            let bundles = package.modules.filter(\.hasResources).flatMap { module in
                ["resources", "bundle"].map { "\(GradingPackage.packageName)_\(module.name).\($0)" }
            }
            outcome.testBinary = try Self.copy(binary, bundles: bundles, into: binaryFolder)
        }
        let launcher = outcome.testBinary.map { binary in
            TestLauncher(
                command: TestCommand(binary: binary), sandbox: environment.sandbox, limits: limits,
                fingerprint: BinaryFingerprint.take(binary, runner: runner))
        }
        if let launcher, launcher.fingerprint == nil {
            notes.append(
                "the test binary could not be fingerprinted (no sha256sum or shasum): changes to it go unnoticed")
        }
        return BuiltSubmission(package: package, outcome: outcome, launcher: launcher, notes: notes)
    }

    /// Copies `binary` and the resource bundles named `bundles` beside it (which `Bundle.module` looks for next
    /// to the program) into `folder`; the copy of `binary`. Regular files and folders only, links never followed:
    /// nothing the build did not make is copied, and a pipe in its place cannot block the copy.
    static func copy(_ binary: URL, bundles: [String], into folder: URL) throws -> URL {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(binary.lastPathComponent)
        let built = binary.deletingLastPathComponent()
        let copier = SubmissionCopier(limits: SubmissionLimits(maxFileBytes: .max, maxTotalBytes: .max, maxFiles: .max))
        for name in [binary.lastPathComponent] + bundles {
            let source = built.appendingPathComponent(name)
            guard let kind = SubmissionCopier.EntryKind(source.path) else { continue }
            if kind.isRegularFile {
                try SubmissionCopier.copyRegularFile(source.path, to: folder.appendingPathComponent(name).path)
            } else if kind.isDirectory {
                // A bundle (and on macOS the test binary itself, an .xctest folder).
                _ = try copier.copy(source, to: folder.appendingPathComponent(name), original: name)
            }
        }
        guard manager.fileExists(atPath: copy.path) else {
            throw GraderError.toolFailed("the test binary could not be copied out of the build folder")
        }
        return copy
    }
}

/// What every build and test run of one `check` shares: the sandbox and what the toolchain can do.
public struct CheckEnvironment: Sendable {
    public var sandbox: Sandbox
    /// Whether hidden files are compiled with module selectors (`XCTest::XCTAssertEqual`). The toolchain is asked
    /// in the background (about 0.15 s, while the submission is unpacked); the first build waits for the answer.
    public var moduleSelectors: Bool { selectorProbe.value }
    private let selectorProbe: BackgroundWork<Bool>
    /// Answers SwiftPM's questions about the compiler without asking it at every build; nil runs the compiler.
    public var compilerShim: CompilerShim?

    public init(sandbox: Sandbox, moduleSelectors: Bool, compilerShim: CompilerShim? = nil) {
        self.init(sandbox: sandbox, selectorProbe: BackgroundWork(done: moduleSelectors), compilerShim: compilerShim)
    }

    private init(sandbox: Sandbox, selectorProbe: BackgroundWork<Bool>, compilerShim: CompilerShim?) {
        self.sandbox = sandbox
        self.selectorProbe = selectorProbe
        self.compilerShim = compilerShim
    }

    /// Finds the strongest sandbox (unless one is given) and probes the toolchain. `hidden`: folders no
    /// sandboxed process may see.
    public static func prepare(runner: ProcessRunner, sandbox: Sandbox?, hidden: [String]) -> CheckEnvironment {
        let selectors = BackgroundWork { HiddenSourceQualifier.toolchainSupportsModuleSelectors(runner: runner) }
        let sandbox = sandbox ?? Sandbox.detect(runner: runner, hidden: hidden.filter { !$0.isEmpty && $0 != "/" })
        // Without a PID namespace, a daemon escapes the run's tree: adopt orphans to kill them after each run.
        if sandbox.isolation == .none { RunningProcesses.adoptOrphans() }
        return CheckEnvironment(
            sandbox: sandbox,
            selectorProbe: selectors,
            compilerShim: CompilerShim.locate(swift: "swift"))
    }

    /// What the report says about the environment.
    public var notes: [String] {
        sandbox.notes
            + (moduleSelectors
                ? []
                : ["hidden tests were compiled without module selectors (Swift 6.3 or later protects their assertions)"])
    }
}

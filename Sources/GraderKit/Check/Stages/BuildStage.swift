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

    public init(
        kit: Kit, runner: ProcessRunner, environment: CheckEnvironment, timeout: TimeInterval, limits: ResourceLimits
    ) {
        self.kit = kit
        self.runner = runner
        self.environment = environment
        self.timeout = timeout
        self.limits = limits
    }

    /// Builds in `slot` (a folder reused across submissions of one exercise keeps the build warm).
    public func run(_ identified: IdentifiedSubmission, suite: HiddenSuite, slot: URL) throws -> BuiltSubmission {
        let packageFolder = slot.appendingPathComponent("package")
        let scratch = slot.appendingPathComponent("scratch")
        let writer = GradingPackageWriter.qualifying(
            kit: kit, rubric: identified.rubric, moduleSelectors: environment.moduleSelectors)
        let builder = Builder(runner: runner, timeout: timeout, sandbox: environment.sandbox)
        let tree = identified.submission.tree
        var package = try writer.write(submission: tree, suite: suite, to: packageFolder)
        var outcome = try builder.build(package, at: packageFolder, scratch: scratch)
        if outcome.needsSplitHiddenSuite {
            package = try writer.write(submission: tree, suite: suite, to: packageFolder, combineHidden: false)
            outcome = try builder.build(package, at: packageFolder, scratch: scratch)
        }
        var notes = package.notes
        // A warm build must grade this submission, not the last one: a binary older than a source it was built
        // from was not linked from these sources, so the build starts again from nothing.
        if let binary = outcome.testBinary, Self.isOlder(binary, thanAnythingIn: packageFolder) {
            try? FileManager.default.removeItem(at: scratch)
            outcome = try builder.build(package, at: packageFolder, scratch: scratch)
            notes.append(
                "the warm build kept a test binary older than the submission's sources; built again from nothing")
        }
        if let failure = outcome.failure { notes.append(failure) }
        notes += environment.notes
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
}

extension BuildStage {
    /// Whether `binary` was last written before some file under `folder` (the sources it should be built from).
    static func isOlder(_ binary: URL, thanAnythingIn folder: URL) -> Bool {
        guard let built = modified(binary) else { return false }
        let tree = SourceTree(scanning: folder)
        return tree.files.contains { (modified(tree.url(of: $0)) ?? .distantPast) > built }
    }

    private static func modified(_ file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
    }
}

/// What every build and test run of one `check` shares: the sandbox and what the toolchain can do.
public struct CheckEnvironment: Sendable {
    public var sandbox: Sandbox
    /// Whether hidden files are compiled with module selectors (`XCTest::XCTAssertEqual`).
    public var moduleSelectors: Bool

    public init(sandbox: Sandbox, moduleSelectors: Bool) {
        self.sandbox = sandbox
        self.moduleSelectors = moduleSelectors
    }

    /// Finds the strongest sandbox (unless one is given) and probes the toolchain. `hidden`: folders no
    /// sandboxed process may see.
    public static func prepare(runner: ProcessRunner, sandbox: Sandbox?, hidden: [String]) -> CheckEnvironment {
        let sandbox = sandbox ?? Sandbox.detect(runner: runner, hidden: hidden.filter { !$0.isEmpty && $0 != "/" })
        // Without a PID namespace, a daemon escapes the run's tree: adopt orphans to kill them after each run.
        if sandbox.isolation == .none { RunningProcesses.adoptOrphans() }
        return CheckEnvironment(
            sandbox: sandbox, moduleSelectors: HiddenSourceQualifier.toolchainSupportsModuleSelectors(runner: runner))
    }

    /// What the report says about the environment.
    public var notes: [String] {
        sandbox.notes
            + (moduleSelectors
                ? []
                : ["hidden tests were compiled without module selectors (Swift 6.3 or later protects their assertions)"])
    }
}

import Foundation
import GraderCore
import GraderRules

/// A compiler diagnostic from the build output.
public struct CompilerDiagnostic: Equatable, Sendable {
    /// Path relative to the grading package.
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The call the error points at, with its argument labels (`queryChanged(_:)`), when the build read it
    /// from the hidden source: what `expected_symbol` names.
    public var call: String? = nil

    /// `path:line:col: error: message`.
    public var formatted: String { "\(path):\(line):\(column): error: \(message)" }
}

/// What building the grading package produced.
public struct BuildOutcome: Sendable {
    /// The test binary, when the build succeeded (possibly without some targets).
    public var testBinary: URL?
    /// Hidden requirements whose tests did not compile, with the compiler's errors.
    public var brokenRequirements: [String: [CompilerDiagnostic]]
    /// Hidden tests cut out of the build because they alone did not compile (`Class/test` → errors): a
    /// renamed method costs only the tests that call it.
    public var brokenTests: [String: [CompilerDiagnostic]] = [:]
    /// The candidate's own test targets that did not compile, with the errors.
    public var brokenCandidateTests: [CompilerDiagnostic]
    /// Set when the candidate's sources themselves did not compile (or the build failed otherwise).
    public var failure: String?
    /// The compiler's errors in the candidate's sources, when they did not compile (grader mutate drops the
    /// mutants on these lines).
    public var sourceErrors: [CompilerDiagnostic] = []
    /// Test targets left in the build.
    public var builtModules: [String]
    /// Set when the combined hidden target did not compile: lay the suite out per requirement and build again.
    public var needsSplitHiddenSuite = false
    /// The candidate's own XCTest tests (`Module.Class/method`) when the grader listed them (ListedOwnTests); nil
    /// when SwiftPM discovered them and the test binary lists them.
    public var ownTestIDs: [String]? = nil
    public var duration: TimeInterval
}

/// Builds a grading package with `swift build --build-tests`, dropping hidden targets that fail to compile.
public struct Builder: Sendable {
    public var runner: ProcessRunner
    /// Seconds one build may take.
    public var timeout: TimeInterval
    /// Whether to instrument for coverage (the candidate's own tests are measured from the same build).
    public var coverage: Bool
    public var swift: String
    /// Confines the build like every process that handles candidate code; nil builds unconfined (the kit's
    /// own solutions and starters in `verify`).
    public var sandbox: Sandbox?
    /// Keeps writes to the package out of the second the last build ended in (`BuildClock`).
    public var clock: BuildClock
    /// Answers SwiftPM's questions about the compiler from what the toolchain said once (`CompilerShim`); nil
    /// lets SwiftPM ask the compiler at every build.
    public var compilerShim: CompilerShim?
    /// The toolchain's libIndexStore, through which the grader lists the own tests itself (ListedOwnTests); nil
    /// leaves them to SwiftPM's discovery. Found next to the `swift` driver on Linux, unless `GRADER_LIST_OWN_TESTS`
    /// is 0; macOS has no discovery step to spare.
    public var indexStoreLibrary: URL?
    /// Whether the test binary is linked with the toolchain's lld instead of the platform's linker (gold): on 2
    /// cores it links movie-client's test binary in 0.095 s against 0.13 s (docs/performance.md). Set on Linux
    /// when `ld.lld` lies beside the `swift` driver, unless `GRADER_LLD` is 0.
    public var linksWithLLD: Bool

    public init(
        runner: ProcessRunner = .live, timeout: TimeInterval = 900, coverage: Bool = true, swift: String = "swift",
        sandbox: Sandbox? = nil, clock: BuildClock = .live
    ) {
        self.runner = runner
        self.timeout = timeout
        self.coverage = coverage
        self.swift = swift
        self.sandbox = sandbox
        self.clock = clock
        self.indexStoreLibrary = Self.indexStoreLibrary(swift: swift)
        self.linksWithLLD = Self.toolchainHasLLD(swift: swift)
    }

    /// Whether the toolchain of the `swift` driver has `ld.lld` beside it (Linux; macOS links with ld64).
    static func toolchainHasLLD(
        swift: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Bool {
        guard let bin = linuxDriverFolder(swift: swift, unless: "GRADER_LLD", environment: environment) else {
            return false
        }
        return FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("ld.lld").path)
    }

    /// `<toolchain>/usr/lib/libIndexStore.so` beside the `swift` driver on Linux; nil elsewhere, when it is missing
    /// or when `GRADER_LIST_OWN_TESTS=0`.
    static func indexStoreLibrary(
        swift: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        guard let bin = linuxDriverFolder(swift: swift, unless: "GRADER_LIST_OWN_TESTS", environment: environment)
        else { return nil }
        let library = bin.deletingLastPathComponent().appendingPathComponent("lib/libIndexStore.so")
        return FileManager.default.fileExists(atPath: library.path) ? library : nil
    }

    /// The folder of the `swift` driver (found as the build runs it), where the toolchain files the builder takes
    /// lie: on Linux only, and unless `variable` is 0 in `environment` (each such file has its off switch).
    private static func linuxDriverFolder(swift: String, unless variable: String, environment: [String: String])
        -> URL?
    {
        #if os(Linux)
            guard environment[variable] != "0" else { return nil }
            return ToolchainDriver.resolved(swift, environment: environment)?.deletingLastPathComponent()
        #else
            return nil
        #endif
    }

    /// What a plain debug build pays for and grading never reads: indexing the system modules (Foundation,
    /// XCTest, Glibc) into the index store of every module, and debug info (for a debugger; coverage has its
    /// own mapping). The index store itself stays: on Linux, SwiftPM discovers XCTest tests from it. Measured
    /// on movie-client's solution on 2 cores, cold: 31–34 s → 22 s (docs/performance.md).
    ///
    /// The manifest is cached in the build folder (`--manifest-cache local`): the build runs with the user's home
    /// hidden, and SwiftPM's shared manifest cache lives there, out of the build's reach.
    public static let gradingOptions = [
        "-Xswiftc", "-index-ignore-system-modules", "-Xswiftc", "-gnone", "--manifest-cache", "local",
    ]

    /// Builds `package` laid out at `folder`, using `scratch` for build products. The caller writes the package
    /// only once `clock` allows it; the rounds that cut tests wait in the same way before they write.
    public func build(_ package: GradingPackage, at folder: URL, scratch: URL) throws -> BuildOutcome {
        let start = Date()
        if let listing = OwnTestListing(package: package, library: indexStoreLibrary) {
            if var outcome = try rounds(package, at: folder, scratch: scratch, listing: listing) {
                outcome.duration = Date().timeIntervalSince(start)
                return outcome
            }
            // Back to SwiftPM's discovery: the kit's own entry point, the own tests as test targets.
            if case .unreliable = clock.waitForNextSecond(after: scratch) {
                try? FileManager.default.removeItem(at: scratch)
            }
        }
        if let main = package.testMain, let template = package.testMainTemplate {
            try GradingPackageWriter.writeIfChanged(Data(template.utf8), to: main)
        }
        var outcome = try rounds(package, at: folder, scratch: scratch, listing: nil)!
        outcome.duration = Date().timeIntervalSince(start)
        return outcome
    }

    /// The build's rounds. With `listing`, the own tests are plain targets the grader lists (ListedOwnTests), and
    /// nil means that layout failed in a way SwiftPM's discovery might not (the list did not compile with the
    /// index's names, the index did not answer or named what the list cannot, the link failed): build again
    /// without it.
    private func rounds(_ package: GradingPackage, at folder: URL, scratch: URL, listing: OwnTestListing?) throws
        -> BuildOutcome?
    {
        let start = Date()
        var listed = listing?.guess
        var relisted = false
        var excluded: Set<String> = []
        var broken: [String: [CompilerDiagnostic]] = [:]
        var brokenTests: [CompilerDiagnostic] = []
        let modulesByFolder = Dictionary(uniqueKeysWithValues: package.modules.map { ($0.path, $0) })

        Self.forgetVanishedModules(keeping: package.modules.map(\.name), in: scratch)
        var cutTests: [String: [CompilerDiagnostic]] = [:]
        // Each round cuts the hidden tests the compiler blamed (or drops a target whose errors lie outside its
        // tests, or a candidate test target); a round that blames nobody new ends it.
        for _ in 0...(package.modules.count + 3) {
            let manifest = folder.appendingPathComponent("Package.swift")
            let text = package.manifest(excluding: excluded, listingOwnTests: listing != nil)
            if (try? String(contentsOf: manifest, encoding: .utf8)) != text {
                try text.write(to: manifest, atomically: true, encoding: .utf8)
            }
            if let listing, let listed, !listing.write(listed, excluded: excluded) { return nil }
            var arguments = ["build", "--build-tests", "--package-path", folder.path, "--scratch-path", scratch.path]
            arguments += Self.gradingOptions
            if linksWithLLD { arguments += ["-Xswiftc", "-use-ld=lld"] }
            if let main = package.testMain {
                arguments += ["--experimental-test-entry-point-path", main.path]
            }
            if coverage {
                arguments += ["-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"]
            }
            let temporary = Self.temporaryFolder(in: scratch)
            var environment = ["TMPDIR": temporary]
            if let shim = compilerShim?.install(in: scratch, runner: runner) { environment["SWIFT_EXEC"] = shim.path }
            var request = ProcessRequest(
                swift, arguments, workingDirectory: folder, environment: environment, timeout: timeout,
                outputLimit: 8 << 20)
            if let sandbox {
                request = sandbox.confine(
                    request,
                    Sandbox.Access(
                        writable: [folder, scratch], limits: .build, temporaryFolder: URL(fileURLWithPath: temporary)))
            }
            let output = try runner(request)
            clock.recordEnd(in: scratch)
            let built = package.modules.filter {
                !excluded.contains($0.name) && $0.kind != .library && $0.kind != .support
            }.map(\.name)
            if output.succeeded, let listing, let guess = listed {
                // The index decides: a guess that differs is replaced once, and the list built again.
                guard case .success(let indexed) = listing.read(scratch: scratch, modules: built) else { return nil }
                if indexed != guess.excluding(excluded) {
                    guard !relisted, case .ready = clock.waitForNextSecond(after: scratch) else { return nil }
                    relisted = true
                    listed = indexed
                    continue
                }
            }
            if output.succeeded {
                var outcome = BuildOutcome(
                    testBinary: Self.testBinary(in: scratch), brokenRequirements: broken,
                    brokenCandidateTests: brokenTests, failure: nil, builtModules: built,
                    duration: Date().timeIntervalSince(start))
                outcome.brokenTests = cutTests
                outcome.ownTestIDs = listed?.excluding(excluded).ids
                return outcome
            }
            if output.timedOut {
                return failed(
                    "the build took longer than \(Figures.seconds(timeout)) s and was stopped", [], broken,
                    brokenTests,
                    start)
            }
            let diagnostics = Self.errors(in: output.stdout + "\n" + output.stderr, packageRoot: folder)
            // The listed layout's own files are the grader's: their errors send the build back to SwiftPM's way.
            // A listed build that failed for no reason the compiler gave (a link error) is SwiftPM's way to try.
            if listing != nil && diagnostics.isEmpty { return nil }
            if let listing, diagnostics.contains(where: { listing.owns($0.path) }) {
                // Only the grader's files failed, so the own tests compiled: a guess that named something else than
                // a test (a helper class, a test compiled out) is replaced by the index's list.
                guard !relisted, diagnostics.allSatisfy({ listing.owns($0.path) }),
                    case .success(let indexed) = listing.read(scratch: scratch, modules: built),
                    case .ready = clock.waitForNextSecond(after: scratch)
                else { return nil }
                relisted = true
                listed = indexed
                continue
            }
            var blamed: Set<String> = []
            var candidateErrors: [CompilerDiagnostic] = []
            var hiddenErrors: [String: [CompilerDiagnostic]] = [:]
            for diagnostic in diagnostics {
                let parts = diagnostic.path.split(separator: "/")
                let key = parts.count >= 2 ? "\(parts[0])/\(parts[1])" : diagnostic.path
                guard let module = modulesByFolder[key], !excluded.contains(module.name) else {
                    // SwiftPM's list of an own test module that does not compile (a nested test class, a raw
                    // identifier): those own tests cannot run, and nothing else is wrong with the submission.
                    if let own = Self.discoveredModule(diagnostic.path, in: package), !excluded.contains(own) {
                        brokenTests.append(diagnostic)
                        blamed.insert(own)
                    } else {
                        candidateErrors.append(diagnostic)
                    }
                    continue
                }
                switch module.kind {
                case .hidden where module.requirement == nil:
                    var outcome = failed("the combined hidden suite does not compile", [], broken, brokenTests, start)
                    outcome.needsSplitHiddenSuite = true
                    return outcome
                case .hidden:
                    hiddenErrors[module.name, default: []].append(diagnostic)
                case .candidateTests:
                    brokenTests.append(diagnostic)
                    blamed.insert(module.name)
                case .library, .support:
                    candidateErrors.append(diagnostic)
                }
            }
            if let first = candidateErrors.first {
                return failed(
                    "the submission does not compile: \(first.formatted)", candidateErrors, broken, brokenTests, start)
            }
            // The next round reads what this one writes: not within the second this build ended in.
            if case .unreliable = clock.waitForNextSecond(after: scratch) {
                try? FileManager.default.removeItem(at: scratch)
            }
            var cutAny = false
            for (name, errors) in hiddenErrors.sorted(by: { $0.key < $1.key }) {
                if let cut = Self.cutFailingTests(errors, in: folder) {
                    cutTests.merge(cut) { $0 + $1 }
                    cutAny = true
                } else {
                    broken[modulesByFolder.values.first { $0.name == name }?.requirement ?? name, default: []] +=
                        errors
                    blamed.insert(name)
                }
            }
            if blamed.isEmpty && !cutAny {
                let summary =
                    "the build failed: " + Self.lastLines(output.stderr.isEmpty ? output.stdout : output.stderr)
                return failed(summary, [], broken, brokenTests, start)
            }
            excluded.formUnion(blamed)
        }
        return failed("the build kept failing", [], broken, brokenTests, start)
    }

    private func failed(
        _ message: String, _ diagnostics: [CompilerDiagnostic], _ broken: [String: [CompilerDiagnostic]],
        _ brokenTests: [CompilerDiagnostic], _ start: Date
    ) -> BuildOutcome {
        BuildOutcome(
            testBinary: nil, brokenRequirements: broken, brokenCandidateTests: brokenTests, failure: message,
            sourceErrors: diagnostics, builtModules: [], duration: Date().timeIntervalSince(start))
    }

    /// Cuts the test methods `errors` lie in out of their files (each replaced by as many blank lines, so later
    /// lines keep their numbers) and returns `Class/test` → its errors, each with the call it points at; nil,
    /// changing nothing, when an error lies outside every test method (a helper, a stored property): then the
    /// whole target goes.
    static func cutFailingTests(_ errors: [CompilerDiagnostic], in folder: URL) -> [String: [CompilerDiagnostic]]? {
        var texts: [String: String] = [:]
        var cut: [String: [CompilerDiagnostic]] = [:]
        var spansByFile: [String: [Range<Int>]] = [:]
        for error in errors {
            if texts[error.path] == nil {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(error.path), encoding: .utf8)
                else { return nil }
                texts[error.path] = text
            }
            let text = texts[error.path] ?? ""
            let source = SwiftSource(path: error.path, text: text)
            guard let span = source.testMethodSpans.first(where: { $0.lines.contains(error.line) }) else { return nil }
            var located = error
            located.call = ExpectedSymbol.call(in: text, line: error.line, column: error.column)
            cut[span.name, default: []].append(located)
            spansByFile[error.path, default: []].append(span.bytes)
        }
        for (path, spans) in spansByFile {
            var bytes = Array((texts[path] ?? "").utf8)
            for span in Set(spans).sorted(by: { $0.lowerBound > $1.lowerBound }) {
                let newlines = bytes[span].filter { $0 == 0x0A }.count
                bytes.replaceSubrange(span, with: Array(repeating: 0x0A, count: newlines))
            }
            do {
                try Data(bytes).write(to: folder.appendingPathComponent(path))
            } catch {
                return nil
            }
        }
        return cut
    }

    /// The candidate test module whose tests SwiftPM's discovery lists in the file at `path`
    /// (`…/<Package>PackageDiscoveredTests.derived/<Module>.swift`), if that is what `path` is.
    static func discoveredModule(_ path: String, in package: GradingPackage) -> String? {
        let folder = "/\(GradingPackage.packageName)PackageDiscoveredTests.derived/"
        guard let range = path.range(of: folder, options: .backwards), path.hasSuffix(".swift") else { return nil }
        let name = String(path[range.upperBound...].dropLast(".swift".count))
        return package.modules.first { $0.kind == .candidateTests && $0.name == name }?.name
    }

    /// Removes the compiled modules of a warm build that this package no longer has. SwiftPM keeps every module's
    /// interface in one folder (`debug/Modules`), where `import` finds a module whether or not the package still
    /// declares it: without this, a submission that lost a module would build against the last submission's.
    static func forgetVanishedModules(keeping modules: [String], in scratch: URL) {
        let manager = FileManager.default
        let debug = scratch.appendingPathComponent("debug").resolvingSymlinksInPath()
        let keep = Set(
            modules + GradingPackage.testProductModules + [
                GradingPackage.ownTestsLinkModule, GradingPackage.ownTestListModule,
            ])
        for folder in [debug.appendingPathComponent("Modules"), debug] {
            let names = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            let vanished = Set(
                names.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }
            ).subtracting(keep)
            for name in vanished {
                for entry in names where entry.hasPrefix(name + ".") {
                    try? manager.removeItem(at: folder.appendingPathComponent(entry))
                }
                try? manager.removeItem(at: debug.appendingPathComponent(name + ".build"))
            }
        }
    }

    /// A TMPDIR inside the scratch folder, so SwiftPM's lock and temporary files go where the grader cleans up.
    static func temporaryFolder(in scratch: URL) -> String {
        let folder = scratch.appendingPathComponent("tmp")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// The test binary SwiftPM links: `<scratch>/debug/<Package>PackageTests.xctest`.
    static func testBinary(in scratch: URL) -> URL? {
        let url = scratch.appendingPathComponent("debug/\(GradingPackage.packageName)PackageTests.xctest")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The `error:` diagnostics of a build log, with paths made relative to the package root, deduplicated.
    static func errors(in log: String, packageRoot: URL) -> [CompilerDiagnostic] {
        let root = packageRoot.standardizedFileURL.path + "/"
        var seen: Set<String> = []
        var found: [CompilerDiagnostic] = []
        for line in log.split(separator: "\n") {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":")
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]),
                let column = Int(location[location.count - 1])
            else { continue }
            var path = location.dropLast(2).joined(separator: ":")
            if path.hasPrefix(root) { path = String(path.dropFirst(root.count)) }
            let diagnostic = CompilerDiagnostic(
                path: path, line: lineNumber, column: column, message: String(line[range.upperBound...]))
            if seen.insert(diagnostic.formatted).inserted { found.append(diagnostic) }
        }
        return found
    }

    package static func lastLines(_ text: String, count: Int = 3) -> String {
        text.split(separator: "\n").suffix(count).joined(separator: " / ")
    }
}

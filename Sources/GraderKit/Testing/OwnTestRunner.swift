import Foundation
import GraderCore

/// Runs the candidate's own tests (XCTest and Swift Testing), one process each (TestBatches), and measures line
/// coverage of the candidate's sources from the same instrumented build.
public struct OwnTestRunner: Sendable {
    public var runner: ProcessRunner
    public var timeout: TimeInterval
    /// Seconds the listing of the tests may take (it creates every test case, so candidate code runs).
    public var listTimeout: TimeInterval
    public var jobs: Int
    /// The toolchain's `llvm-profdata` and `llvm-cov` (they must match the compiler's profile format).
    public var llvmTools: LLVMTools
    /// Whether the tests run through the batch server where the sandbox allows it (TestBatches).
    public var batches = true
    /// Lanes shared with the hidden tests (RunStage), in which these tests run as party `SharedLanes.own`; nil
    /// runs lanes of their own.
    var lanes: SharedLanes?

    public init(
        runner: ProcessRunner = .live, timeout: TimeInterval = 30, listTimeout: TimeInterval = 60, jobs: Int = 2,
        llvmTools: LLVMTools = .find()
    ) {
        self.runner = runner
        self.timeout = timeout
        self.listTimeout = listTimeout
        self.jobs = max(1, jobs)
        self.llvmTools = llvmTools
    }

    /// Why the candidate's tests could not be counted (their listing timed out or crashed).
    public struct Unavailable: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Counts, outcomes and coverage of the tests in `modules` (the candidate's test targets), each run in a
    /// sandboxed process of its own (in batches where the sandbox allows it).
    ///
    /// `swiftTesting: false` skips Swift Testing's listing (a process that loads the binary) where no candidate
    /// file names the module (`mayUseSwiftTesting`): then no `@Test` can exist.
    ///
    /// `listed`: the XCTest ids the build listed itself (ListedOwnTests), which spares the listing's process.
    public func run(
        modules: [String], launcher: TestLauncher, package: URL, workDirectory: URL, swiftTesting: Bool = true,
        listed: [String]? = nil
    ) -> Result<OwnTestsSummary, Unavailable> {
        guard !modules.isEmpty else {
            return .success(OwnTestsSummary(total: 0, passed: 0, failed: 0, lineCoverage: nil, files: []))
        }
        let profiles = workDirectory.appendingPathComponent("profiles")
        let runs = workDirectory.appendingPathComponent("own")
        for folder in [profiles, runs] {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let prefixes = modules.map { $0 + "." }
        let xcTests: [String]
        let swiftTests: [String]
        // The two listings are independent: Swift Testing's is asked on a thread of its own.
        let swiftListing = BackgroundWork { [self] () -> Result<[String], Unavailable> in
            guard swiftTesting else { return .success([]) }
            return list(
                launcher.command.swiftTesting(["--list-tests"]), launcher: launcher, prefixes: prefixes, folder: runs,
                required: false)
        }
        let xcListing =
            listed.map { ids in .success(ids.filter { id in prefixes.contains { id.hasPrefix($0) } }) }
            ?? list(launcher.command.xctest(nil), launcher: launcher, prefixes: prefixes, folder: runs, required: true)
        switch (xcListing, swiftListing.value) {
        case (.success(let xc), .success(let swift)):
            xcTests = xc
            swiftTests = swift
        case (.failure(let problem), _), (_, .failure(let problem)):
            return .failure(problem)
        }

        let planned = xcTests.map { (kind: "xctest", id: $0) } + swiftTests.map { (kind: "swift-testing", id: $0) }
        let command = { (test: (kind: String, id: String)) in
            test.kind == "xctest"
                ? launcher.command.xctest(test.id)
                : launcher.command.swiftTesting(["--filter", NSRegularExpression.escapedPattern(for: test.id)])
        }
        let profile = { (index: Int) in profiles.appendingPathComponent("own-\(index).profraw") }
        // Every own test's process: the entry point of the listed layout runs the own tests' list for these only.
        let environment = ["NO_COLOR": "1", ListedOwnTests.ownTestsVariable: "1"]
        // In batches where the sandbox allows it; a test that crashed or hung there runs again on its own.
        var batched: [Int: Bool] = [:]
        if batches {
            let requests = planned.enumerated().map { index, test in
                TestBatches.Request(index: index, arguments: command(test).1, signedTest: nil, profile: true)
            }
            let batch = TestBatches(
                runner: runner, jobs: jobs, timeout: timeout, outputLimit: 4 << 10, environment: environment)
            // The lanes write nothing that outlives a test: each profile comes back with its test's outcome, and
            // only the grader writes the profiles folder (a folder the lanes could write would carry what one test
            // learned to the next, hidden ones included, where the lanes are shared).
            let outcomes =
                lanes?.run(requests, party: SharedLanes.own, batches: batch)
                ?? batch.run(requests, launcher: launcher, folder: runs.appendingPathComponent("batches"))
            for (index, outcome) in outcomes where outcome.endedByItself {
                batched[index] = outcome.output.succeeded && !Self.ranNoTest(outcome.output)
                if !outcome.profile.isEmpty { try? outcome.profile.write(to: profile(index)) }
            }
        }
        let outcomes = parallelMap(Array(planned.enumerated()), jobs: jobs) { index, test -> Bool in
            if let passed = batched[index] { return passed }
            let words = command(test)
            let folder = runs.appendingPathComponent("\(index)")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let request = launcher.request(
                words, writable: [folder, profiles], workingDirectory: folder,
                environment: environment.merging(["LLVM_PROFILE_FILE": profile(index).path]) { _, own in own },
                timeout: timeout)
            guard let output = try? runner(request) else { return false }
            return output.succeeded && !Self.ranNoTest(output)
        }
        let passed = outcomes.filter { $0 }.count
        let coverage = measureCoverage(profiles: profiles, binary: launcher.command.binary, package: package)
        return .success(
            OwnTestsSummary(
                total: planned.count, passed: passed, failed: planned.count - passed, lineCoverage: coverage?.total,
                files: coverage?.files ?? []))
    }

    /// Whether the test's process said it ran no test: the name it was given reached none (a test class XCTest
    /// knows by another name, such as one nested in another type and extended through a typealias). The process
    /// exits 0, and counting that as a pass would credit a test that never ran. Both libraries say so in the first
    /// lines of a run that found nothing; a test that prints the words itself fails itself.
    static func ranNoTest(_ output: ProcessOutput) -> Bool {
        output.stdout.contains("Executed 0 tests") || output.stdout.contains("Test run with 0 tests")
    }

    /// Whether a Swift Testing test may exist in the package's candidate modules: a `@Test` needs an import of
    /// `Testing` in some candidate file (the kit's support modules never re-export it), so without the word in any
    /// of them there is none.
    public static func mayUseSwiftTesting(_ package: GradingPackage) -> Bool {
        package.modules.filter { $0.kind == .library || $0.kind == .candidateTests }.contains { module in
            let tree = SourceTree(scanning: package.folder.appendingPathComponent(module.path))
            return tree.swiftFiles.contains { tree.text(of: $0)?.contains("Testing") ?? true }
        }
    }

    /// Test ids printed by a `--list-tests` run, kept when they start with one of `prefixes`. A listing that
    /// times out or crashes is a problem to report, never "no tests"; `required: false` (Swift Testing, which an
    /// older toolchain may not have) lets a listing that merely fails count as none.
    private func list(
        _ base: (String, [String]), launcher: TestLauncher, prefixes: [String], folder: URL, required: Bool
    ) -> Result<[String], Unavailable> {
        let arguments = base.1.contains("--list-tests") ? base.1 : base.1 + ["--list-tests"]
        let request = launcher.request(
            (base.0, arguments), writable: [folder], workingDirectory: folder,
            environment: ["LLVM_PROFILE_FILE": "/dev/null", "NO_COLOR": "1"], timeout: listTimeout, outputLimit: 4 << 20
        )
        guard let output = try? runner(request) else {
            return .failure(
                Unavailable(description: "could not list the candidate's tests: the test binary did not start"))
        }
        if output.timedOut {
            return .failure(
                Unavailable(
                    description:
                        "could not list the candidate's tests: timed out after \(Figures.seconds(listTimeout)) s"
                ))
        }
        if let signal = output.signal {
            return .failure(
                Unavailable(
                    description: "could not list the candidate's tests: the test binary crashed (signal \(signal))"))
        }
        guard output.succeeded else {
            if !required { return .success([]) }
            return .failure(
                Unavailable(
                    description:
                        "could not list the candidate's tests: the test binary ended with status \(output.status)"))
        }
        return .success(
            output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { line in prefixes.contains { line.hasPrefix($0) } })
    }

    /// Line coverage of the files under the package's `Sources/`, from the profiles the own tests wrote.
    ///
    /// The tests could write anything into `profiles` (a link to a file of the grader's, a pipe), and the LLVM
    /// tools run outside the sandbox: only regular files are read, without following a link or blocking, copied
    /// into a folder of the grader's own, and the merged profile is written there.
    func measureCoverage(profiles: URL, binary: URL, package: URL) -> (total: Double, files: [FileCoverage])? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: profiles.path)) ?? [])
            .filter { $0.hasSuffix(".profraw") }.sorted()
        let own = profiles.deletingLastPathComponent().appendingPathComponent("coverage-\(UUID().uuidString)")
        guard !names.isEmpty,
            (try? FileManager.default.createDirectory(at: own, withIntermediateDirectories: false)) != nil
        else { return nil }
        defer { try? FileManager.default.removeItem(at: own) }
        var raw: [String] = []
        for (index, name) in names.enumerated() {
            guard let data = UntrustedFile.read(profiles.appendingPathComponent(name), limit: Self.profileLimit),
                data.count <= Self.profileLimit
            else { continue }
            let copy = own.appendingPathComponent("\(index).profraw")
            guard (try? data.write(to: copy)) != nil else { continue }
            raw.append(copy.path)
        }
        guard !raw.isEmpty else { return nil }
        let merged = own.appendingPathComponent("own.profdata").path
        guard
            let merge = try? runner(
                ProcessRequest(llvmTools.profdata, ["merge", "-sparse", "-o", merged] + raw, timeout: 120)),
            merge.succeeded,
            let export = try? runner(
                ProcessRequest(
                    llvmTools.cov, ["export", "-summary-only", "-instr-profile", merged, binary.path], timeout: 120,
                    outputLimit: 64 << 20)),
            export.succeeded
        else { return nil }
        return Self.coverage(
            fromExport: Data(export.stdout.utf8), sourcesRoot: package.appendingPathComponent("Sources"))
    }

    /// Bytes of one test's coverage profile read at most (a profile holds the binary's counters: a few MiB).
    static let profileLimit = 256 << 20

    /// Reads `llvm-cov export -summary-only` JSON: line counts of files below `sourcesRoot`.
    static func coverage(fromExport data: Data, sourcesRoot: URL) -> (total: Double, files: [FileCoverage])? {
        guard let export = try? JSONDecoder().decode(CoverageExport.self, from: data),
            let files = export.data.first?.files
        else { return nil }
        let root = sourcesRoot.standardizedFileURL.path + "/"
        var count = 0
        var covered = 0
        var perFile: [FileCoverage] = []
        for file in files where file.filename.hasPrefix(root) && file.summary.lines.count > 0 {
            count += file.summary.lines.count
            covered += file.summary.lines.covered
            let percent = (Double(file.summary.lines.covered) / Double(file.summary.lines.count) * 1000).rounded() / 10
            perFile.append(FileCoverage(path: "Sources/" + file.filename.dropFirst(root.count), lineCoverage: percent))
        }
        guard count > 0 else { return nil }
        return ((Double(covered) / Double(count) * 1000).rounded() / 10, perFile.sorted { $0.path < $1.path })
    }

    /// The part of `llvm-cov export -summary-only` the grader reads.
    struct CoverageExport: Decodable {
        struct Export: Decodable { var files: [File] }
        struct File: Decodable {
            var filename: String
            var summary: Summary
        }
        struct Summary: Decodable { var lines: Lines }
        struct Lines: Decodable {
            var count: Int
            var covered: Int
        }

        var data: [Export]
    }
}

/// Where the toolchain's LLVM profile tools are.
public struct LLVMTools: Sendable {
    public var profdata: String
    public var cov: String

    public init(profdata: String, cov: String) {
        self.profdata = profdata
        self.cov = cov
    }

    /// Next to the `swift` driver on the PATH when present (the versions must match the compiler), else the PATH.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> LLVMTools {
        if let bin = ToolchainDriver.resolved(environment: environment)?.deletingLastPathComponent() {
            let profdata = bin.appendingPathComponent("llvm-profdata").path
            let cov = bin.appendingPathComponent("llvm-cov").path
            if FileManager.default.isExecutableFile(atPath: profdata), FileManager.default.isExecutableFile(atPath: cov)
            {
                return LLVMTools(profdata: profdata, cov: cov)
            }
        }
        #if os(macOS)
            return LLVMTools(profdata: "/usr/bin/xcrun llvm-profdata", cov: "/usr/bin/xcrun llvm-cov")
        #else
            return LLVMTools(profdata: "llvm-profdata", cov: "llvm-cov")
        #endif
    }
}

import Foundation
import GraderCore

/// `grader bench`: the speed targets of SPEC §6, measured side by side in one run and printed as ratios.
///
/// 1. plain: a cold `swift build --build-tests` + `swift test` of a copy of the solution package;
/// 2. cold check: `grader check` of the solution with an empty build cache (target ≤ 1.2 × plain);
/// 3. extra submission: a second submission (the starter) graded in the same run, on the warm build
///    (target ≤ 0.5 × cold check);
/// 4. own work: `--static-only` (unpack, rules, history, scoring, report; target < 2 s).
public struct Benchmark: Sendable {
    public let kit: Kit
    public let exercise: String
    public var runner: ProcessRunner

    public init(kit: Kit, exercise: String, runner: ProcessRunner) {
        self.kit = kit
        self.exercise = exercise
        self.runner = runner
    }

    public func run(log: (String) -> Void) throws {
        let work = try WorkFolders.make(prefix: "grader-bench")
        defer { WorkFolders.remove(work) }
        log("bench \(exercise) on \(ProcessInfo.processInfo.activeProcessorCount) cores")

        // 1. The plain build and test of the same sources.
        let plain = work.appendingPathComponent("plain")
        let solution = SourceTree(scanning: kit.solution(exercise))
        try StarterGenerator.write(
            Dictionary(uniqueKeysWithValues: try solution.files.map { ($0, try Data(contentsOf: solution.url(of: $0))) }),
            to: plain)
        let plainSeconds = try measure {
            for arguments in [["build", "--build-tests"], ["test", "--skip-build"]] {
                let output = try runner(
                    ProcessRequest("swift", arguments + ["--package-path", plain.path], timeout: 1800, outputLimit: 1 << 20))
                guard output.succeeded else {
                    throw GraderError.toolFailed("bench: swift \(arguments[0]) of the solution failed")
                }
            }
        }
        log(String(format: "plain swift build --build-tests + swift test:  %6.1f s", plainSeconds))

        // 2 and 3. A cold check, then a second submission on the warm build, in one run.
        var options = CheckOptions()
        options.exercise = exercise
        let checker = Checker(kit: kit, options: options, runner: runner, analyzers: .live(runner: runner))
        let cache = work.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        var coldResult: GradeResult?
        let coldSeconds = try measure { coldResult = try checker.check(kit.solution(exercise).path, buildCache: cache) }
        let warmSeconds = try measure { _ = try checker.check(kit.starter(exercise).path, buildCache: cache) }
        let passed = coldResult?.tests.filter { $0.status == .pass }.count ?? 0
        log(String(format: "grader check, cold (%d/%d hidden tests pass): %6.1f s", passed, coldResult?.tests.count ?? 0, coldSeconds))
        log(String(format: "grader check, extra submission (warm):       %6.1f s", warmSeconds))

        // 4. The grader's own work.
        var staticOptions = options
        staticOptions.staticOnly = true
        let staticChecker = Checker(kit: kit, options: staticOptions, runner: runner, analyzers: .live(runner: runner))
        let ownSeconds = try measure { _ = try staticChecker.check(kit.solution(exercise).path) }
        log(String(format: "grader check --static-only (own work):       %6.2f s", ownSeconds))

        log("")
        log(String(format: "cold check / plain build+test:   %.2f×  (target ≤ 1.20×)  %@", coldSeconds / plainSeconds, verdict(coldSeconds / plainSeconds <= 1.2)))
        log(String(format: "extra submission / cold check:   %.2f×  (target ≤ 0.50×)  %@", warmSeconds / coldSeconds, verdict(warmSeconds / coldSeconds <= 0.5)))
        log(String(format: "own work:                        %.2f s (target < 2 s)    %@", ownSeconds, verdict(ownSeconds < 2)))
    }

    private func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }

    private func measure(_ body: () throws -> Void) throws -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }
}

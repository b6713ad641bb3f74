import Foundation
import GraderCore
import GraderKit

/// `grader bench`: the speed targets of SPEC §6, measured side by side in one run and printed as ratios of
/// medians over alternating rounds (one sample of each swung the ratio by ±0.15 on the same machine).
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
    /// Rounds of plain, cold and warm runs, alternated so that a slow moment of the machine hits both sides;
    /// the ratios are of the medians.
    public var rounds: Int

    public init(kit: Kit, exercise: String, runner: ProcessRunner, rounds: Int = 3) {
        self.kit = kit
        self.exercise = exercise
        self.runner = runner
        self.rounds = max(1, rounds)
    }

    public func run(log: (String) -> Void) throws {
        let work = try WorkFolders.make(prefix: "grader-bench")
        defer { WorkFolders.remove(work) }
        log("bench \(exercise) on \(ProcessInfo.processInfo.activeProcessorCount) cores, \(rounds) round(s), medians")
        let solution = SourceTree(scanning: kit.solution(exercise))
        let sources = Dictionary(
            uniqueKeysWithValues: try solution.files.map { ($0, try Data(contentsOf: solution.url(of: $0))) })
        var options = CheckOptions()
        options.exercise = exercise
        let checker = Checker(kit: kit, options: options, runner: runner, analyzers: .live(runner: runner))

        var plainTimes: [TimeInterval] = []
        var coldTimes: [TimeInterval] = []
        var warmTimes: [TimeInterval] = []
        var coldResult: GradeResult?
        for round in 1...rounds {
            let folder = work.appendingPathComponent("round-\(round)")
            // 1. The plain build and test of the same sources, from scratch.
            let plain = folder.appendingPathComponent("plain")
            try StarterGenerator.write(sources, to: plain)
            plainTimes.append(
                try measure {
                    for arguments in [["build", "--build-tests"], ["test", "--skip-build"]] {
                        let output = try runner(
                            ProcessRequest(
                                "swift", arguments + ["--package-path", plain.path], timeout: 1800, outputLimit: 1 << 20
                            ))
                        guard output.succeeded else {
                            throw GraderError.toolFailed("bench: swift \(arguments[0]) of the solution failed")
                        }
                    }
                })
            // 2 and 3. A cold check, then a second submission on the warm build, in one run.
            let cache = folder.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            coldTimes.append(
                try measure { coldResult = try checker.check(kit.solution(exercise).path, buildCache: cache) })
            warmTimes.append(try measure { _ = try checker.check(kit.starter(exercise).path, buildCache: cache) })
            log(
                String(
                    format: "round %d: plain %.1f s, cold check %.1f s (%.2f×), extra submission %.1f s", round,
                    plainTimes[round - 1], coldTimes[round - 1], coldTimes[round - 1] / plainTimes[round - 1],
                    warmTimes[round - 1]))
            try? FileManager.default.removeItem(at: folder)
        }
        let plainSeconds = Self.median(plainTimes)
        let coldSeconds = Self.median(coldTimes)
        let warmSeconds = Self.median(warmTimes)
        let passed = coldResult?.tests.filter { $0.status == .pass }.count ?? 0
        log(String(format: "plain swift build --build-tests + swift test:  %6.1f s", plainSeconds))
        log(
            String(
                format: "grader check, cold (%d/%d hidden tests pass): %6.1f s", passed, coldResult?.tests.count ?? 0,
                coldSeconds))
        log(String(format: "grader check, extra submission (warm):       %6.1f s", warmSeconds))

        // 4. The grader's own work.
        var staticOptions = options
        staticOptions.staticOnly = true
        let staticChecker = Checker(kit: kit, options: staticOptions, runner: runner, analyzers: .live(runner: runner))
        let ownSeconds = try measure { _ = try staticChecker.check(kit.solution(exercise).path) }
        log(String(format: "grader check --static-only (own work):       %6.2f s", ownSeconds))

        log("")
        log(
            String(
                format: "cold check / plain build+test:   %.2f×  (target ≤ 1.20×)  %@", coldSeconds / plainSeconds,
                verdict(coldSeconds / plainSeconds <= 1.2)))
        log(
            String(
                format: "extra submission / cold check:   %.2f×  (target ≤ 0.50×)  %@", warmSeconds / coldSeconds,
                verdict(warmSeconds / coldSeconds <= 0.5)))
        log(
            String(
                format: "own work:                        %.2f s (target < 2 s)    %@", ownSeconds,
                verdict(ownSeconds < 2)))
    }

    /// The middle value (the mean of the two middle ones for an even count).
    public static func median(_ values: [TimeInterval]) -> TimeInterval {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func verdict(_ ok: Bool) -> String { ok ? "ok" : "MISSED" }

    private func measure(_ body: () throws -> Void) throws -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }
}

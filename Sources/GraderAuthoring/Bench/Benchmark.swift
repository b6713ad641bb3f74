import Foundation
import GraderCore
import GraderKit

/// `grader bench`: the speed targets of issue 14 and SPEC §6, measured side by side in one run and printed as
/// ratios of medians over alternating rounds (one sample of each swung the ratio by ±0.15 on the same machine).
///
/// For each exercise, each round:
/// 1. plain: a cold `swift build --build-tests` + `swift test` of a copy of the solution package;
/// 2. cold check: `grader check` of the solution with an empty build cache (target ≤ 1.0 × plain);
/// 3. extra submission: a realistic second submission (the solution with its last requirement left undone,
///    as `grader demo`'s sample, with a git history) graded on the warm build (target ≤ 0.3 × cold check);
/// 4. with `underLoad`: plain and cold again while a second, unrelated load keeps every core busy (the loaded
///    ratio within 1.2 × the quiet one);
/// 5. with `batch`: that many sample submissions graded in one `check` from an empty cache (≤ 4 × one cold
///    check).
///
/// Then once: the grader's own work, `--static-only` (target < 2 s).
public struct Benchmark: Sendable {
    public let kit: Kit
    public var exercises: [String]
    public var runner: ProcessRunner
    /// Rounds of plain, cold and warm runs, alternated so that a slow moment of the machine hits both sides;
    /// the ratios are of the medians.
    public var rounds: Int
    public var underLoad: Bool
    /// Submissions in the batch measurement; 0 measures no batch.
    public var batch: Int

    public init(
        kit: Kit, exercises: [String], runner: ProcessRunner, rounds: Int = 3, underLoad: Bool = false, batch: Int = 0
    ) {
        self.kit = kit
        self.exercises = exercises
        self.runner = runner
        self.rounds = max(1, rounds)
        self.underLoad = underLoad
        self.batch = max(0, batch)
    }

    /// The medians measured for one exercise, in seconds.
    public struct Measurement: Sendable, Equatable {
        public var exercise: String
        public var plain: TimeInterval
        public var cold: TimeInterval
        public var extra: TimeInterval
        public var own: TimeInterval
        /// Plain and cold while the machine carries a second load.
        public var loadedPlain: TimeInterval?
        public var loadedCold: TimeInterval?
        /// A batch of `batchSize` submissions graded in one check.
        public var batch: TimeInterval?
        public var batchSize: Int

        public init(
            exercise: String, plain: TimeInterval, cold: TimeInterval, extra: TimeInterval, own: TimeInterval,
            loadedPlain: TimeInterval? = nil, loadedCold: TimeInterval? = nil, batch: TimeInterval? = nil,
            batchSize: Int = 0
        ) {
            self.exercise = exercise
            self.plain = plain
            self.cold = cold
            self.extra = extra
            self.own = own
            self.loadedPlain = loadedPlain
            self.loadedCold = loadedCold
            self.batch = batch
            self.batchSize = batchSize
        }
    }

    /// The targets, as ratios (or seconds for the grader's own work).
    public enum Target {
        public static let coldOverPlain = 1.0
        public static let extraOverCold = 0.3
        public static let loadedOverQuiet = 1.2
        public static let batchOverCold = 4.0
        public static let ownSeconds = 2.0
    }

    /// The verdict lines for `measurements`: one per target and exercise, `ok` or `MISSED`, then a summary line.
    /// Pure, so the wording and the comparisons are tested without timing anything.
    public static func verdicts(_ measurements: [Measurement]) -> (lines: [String], allMet: Bool) {
        var lines: [String] = []
        var missed = 0
        func line(_ label: String, _ value: Double, _ target: Double, unit: String = "×") {
            let ok = value <= target
            if !ok { missed += 1 }
            let shown = unit == "×" ? String(format: "%.2f×", value) : String(format: "%.2f s", value)
            let goal = unit == "×" ? String(format: "≤ %.2f×", target) : String(format: "< %.0f s", target)
            lines.append(
                "  \(label.padding(toLength: 34, withPad: " ", startingAt: 0))\(shown.padding(toLength: 8, withPad: " ", startingAt: 0)) (target \(goal))  \(ok ? "ok" : "MISSED")"
            )
        }
        for measured in measurements {
            lines.append("\(measured.exercise):")
            let quiet = measured.cold / measured.plain
            line("cold check / plain build+test", quiet, Target.coldOverPlain)
            line("extra submission / cold check", measured.extra / measured.cold, Target.extraOverCold)
            if let loadedPlain = measured.loadedPlain, let loadedCold = measured.loadedCold {
                let loaded = loadedCold / loadedPlain
                line("under load: cold/plain vs quiet", loaded / quiet, Target.loadedOverQuiet)
            }
            if let batch = measured.batch {
                line("batch of \(measured.batchSize) / one cold check", batch / measured.cold, Target.batchOverCold)
            }
            line("own work (--static-only)", measured.own, Target.ownSeconds, unit: "s")
        }
        lines.append(missed == 0 ? "every target met" : "\(missed) target(s) missed")
        return (lines, missed == 0)
    }

    /// Measures every exercise and logs each round, the medians and the verdicts; returns whether every
    /// target was met.
    @discardableResult
    public func run(log: (String) -> Void) throws -> Bool {
        let work = try WorkFolders.make(prefix: "grader-bench")
        defer { WorkFolders.remove(work) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        log(
            "bench \(exercises.joined(separator: ", ")) on \(cores) cores, \(rounds) round(s), medians"
                + (underLoad ? ", under load" : "") + (batch > 0 ? ", batch of \(batch)" : ""))
        var measurements: [Measurement] = []
        for exercise in exercises {
            measurements.append(try measure(exercise, in: work.appendingPathComponent(exercise), log: log))
        }
        log("")
        let verdicts = Self.verdicts(measurements)
        verdicts.lines.forEach(log)
        return verdicts.allMet
    }

    private func measure(_ exercise: String, in work: URL, log: (String) -> Void) throws -> Measurement {
        let solution = SourceTree(scanning: kit.solution(exercise))
        let sources = Dictionary(
            uniqueKeysWithValues: try solution.files.map { ($0, try Data(contentsOf: solution.url(of: $0))) })
        var options = CheckOptions()
        options.exercise = exercise
        let checker = Checker(kit: kit, options: options, runner: runner, analyzers: .live(runner: runner))
        let sample = work.appendingPathComponent("sample")
        try SampleSubmission(kit: kit, runner: runner).create(exercise: exercise, at: sample)

        var plain: [TimeInterval] = []
        var cold: [TimeInterval] = []
        var extra: [TimeInterval] = []
        var loadedPlain: [TimeInterval] = []
        var loadedCold: [TimeInterval] = []
        var batches: [TimeInterval] = []
        for round in 1...rounds {
            let folder = work.appendingPathComponent("round-\(round)")
            defer { try? FileManager.default.removeItem(at: folder) }
            plain.append(try plainBuildAndTest(sources, at: folder.appendingPathComponent("plain")))
            let cache = folder.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            var result: GradeResult?
            cold.append(try time { result = try checker.check(kit.solution(exercise).path, buildCache: cache) })
            extra.append(try time { _ = try checker.check(sample.path, buildCache: cache) })
            var line = String(
                format: "%@ round %d: plain %.1f s, cold check %.1f s (%.2f×, %d/%d hidden tests pass), "
                    + "extra submission %.1f s", exercise, round, plain[round - 1], cold[round - 1],
                cold[round - 1] / plain[round - 1], result?.tests.filter { $0.status == .pass }.count ?? 0,
                result?.tests.count ?? 0, extra[round - 1])
            if underLoad {
                let load = try BackgroundLoad(processes: ProcessInfo.processInfo.activeProcessorCount)
                defer { load.stop() }
                loadedPlain.append(try plainBuildAndTest(sources, at: folder.appendingPathComponent("plain-loaded")))
                let loadedCache = folder.appendingPathComponent("cache-loaded")
                try FileManager.default.createDirectory(at: loadedCache, withIntermediateDirectories: true)
                loadedCold.append(
                    try time { _ = try checker.check(kit.solution(exercise).path, buildCache: loadedCache) })
                line += String(format: "; under load: plain %.1f s, cold %.1f s", loadedPlain.last!, loadedCold.last!)
            }
            if batch > 0 {
                let submissions = try batchSubmissions(
                    exercise, count: batch, in: folder.appendingPathComponent("batch"))
                batches.append(try time { _ = checker.check(submissions.map(\.path)) })
                line += String(format: "; batch of %d %.1f s", batch, batches.last!)
            }
            log(line)
        }

        var staticOptions = options
        staticOptions.staticOnly = true
        let staticChecker = Checker(kit: kit, options: staticOptions, runner: runner, analyzers: .live(runner: runner))
        let own = try time { _ = try staticChecker.check(sample.path) }
        return Measurement(
            exercise: exercise, plain: Self.median(plain), cold: Self.median(cold), extra: Self.median(extra), own: own,
            loadedPlain: underLoad ? Self.median(loadedPlain) : nil,
            loadedCold: underLoad ? Self.median(loadedCold) : nil, batch: batch > 0 ? Self.median(batches) : nil,
            batchSize: batch)
    }

    /// A cold `swift build --build-tests` + `swift test` of `sources` written at `folder`.
    private func plainBuildAndTest(_ sources: [String: Data], at folder: URL) throws -> TimeInterval {
        try StarterGenerator.write(sources, to: folder)
        return try time {
            for arguments in [["build", "--build-tests"], ["test", "--skip-build"]] {
                let output = try runner(
                    ProcessRequest(
                        "swift", arguments + ["--package-path", folder.path], timeout: 1800, outputLimit: 1 << 20))
                guard output.succeeded else {
                    throw GraderError.toolFailed("bench: swift \(arguments[0]) of the solution failed")
                }
            }
        }
    }

    /// `count` distinct realistic submissions: samples leaving out 1, 2, 3… requirements, cycling.
    private func batchSubmissions(_ exercise: String, count: Int, in folder: URL) throws -> [URL] {
        let requirements = try kit.rubric(exercise).requirements.count
        return try (0..<count).map { index in
            let submission = folder.appendingPathComponent("candidate-\(index + 1)")
            try SampleSubmission(kit: kit, runner: runner).create(
                exercise: exercise, at: submission, leaveOut: 1 + index % max(1, requirements - 1))
            return submission
        }
    }

    /// The middle value (the mean of the two middle ones for an even count).
    public static func median(_ values: [TimeInterval]) -> TimeInterval {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func time(_ body: () throws -> Void) throws -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }
}

/// A second, unrelated load on the machine: `processes` shell loops that keep a core busy each, stopped (and
/// waited for) by `stop()`.
final class BackgroundLoad: @unchecked Sendable {
    private var processes: [Process] = []

    init(processes count: Int) throws {
        for _ in 0..<max(1, count) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "while :; do :; done"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            // Registered, or the orphan sweeper (RunningProcesses.adoptOrphans) would kill it as a stray child.
            _ = try RunningProcesses.launch {
                try process.run()
                return process.processIdentifier
            }
            processes.append(process)
        }
    }

    func stop() {
        for process in processes where process.isRunning { process.terminate() }
        for process in processes {
            process.waitUntilExit()
            RunningProcesses.remove(process.processIdentifier)
        }
        processes = []
    }

    deinit { stop() }
}

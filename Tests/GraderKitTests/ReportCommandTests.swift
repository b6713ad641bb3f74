import Foundation
import GraderCore
import GraderKit
import GraderReports
import XCTest

@testable import GraderCLI

/// `grader report` prints, byte for byte, what `grader check` printed for the same results, in every format:
/// saved results, manual scores added a day later, a batch with a submission that could not be graded.
final class ReportCommandTests: XCTestCase {
    private var kit: FixtureKit!
    private var alice: FixtureSubmission!
    private var bob: FixtureSubmission!
    private var scratch: URL!

    override func setUpWithError() throws {
        kit = try FixtureKit()
        try kit.write(FixtureKit.staticRubric, to: "Rubrics/counter/rubric.json")
        alice = try FixtureSubmission(
            "alice",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counterWithSingleton,
            ])
        bob = try FixtureSubmission(
            "bob",
            files: [
                "exercise.json": FixtureSubmission.manifest,
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ])
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("grader-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        kit.remove()
        alice.remove()
        bob.remove()
        try? FileManager.default.removeItem(at: scratch)
    }

    private struct Run: Equatable {
        var code: Int32
        var out: String
        var err: String
    }

    private final class Printed: @unchecked Sendable {
        let lock = NSLock()
        var out = ""
        var err = ""
    }

    private func capture() -> (GraderCLI.Output, Printed) {
        let printed = Printed()
        let output = GraderCLI.Output(
            out: { text in printed.lock.withLock { printed.out += text } },
            err: { text in printed.lock.withLock { printed.err += text } })
        return (output, printed)
    }

    private func grader(_ words: [String]) -> Run {
        let (output, printed) = capture()
        let code = GraderCLI(output: output, environment: [:]).run(words + ["--kit", kit.root.path])
        return Run(code: code, out: printed.out, err: printed.err)
    }

    private func check(_ paths: [String], _ options: [String]) -> Run {
        grader(["check"] + paths + ["--static-only", "--no-cache"] + options)
    }

    private func file(_ name: String) -> String { scratch.appendingPathComponent(name).path }

    private func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<none>" }

    func testReportPrintsWhatCheckPrintedInEveryFormat() throws {
        let batches: [(name: String, paths: [String], code: Int32)] = [
            ("alice", [alice.root.path], 1),
            ("batch", [alice.root.path, bob.root.path], 1),
            ("with-a-failure", [alice.root.path, "/nonexistent/carol"], 3),
        ]
        for batch in batches {
            let saved = file("\(batch.name).json")
            let saving = check(batch.paths, ["--format", "json", "--output", saved])
            XCTAssertEqual(saving.code, batch.code, "\(batch.name): \(saving.err)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: saved), batch.name)
            let variants = ReportFormat.allCases.map { [$0.rawValue] } + [["text", "--all-findings"]]
            for variant in variants {
                let format = variant.joined(separator: " ")
                let csvByCheck = file("\(batch.name)-check.csv")
                let csvByReport = file("\(batch.name)-report.csv")
                let checked = check(batch.paths, ["--format"] + variant + ["--csv", csvByCheck])
                let reported = grader(["report", saved, "--format"] + variant + ["--csv", csvByReport])
                XCTAssertEqual(reported, checked, "\(batch.name) as \(format)")
                XCTAssertFalse(checked.out.isEmpty, "\(batch.name) as \(format)")
                XCTAssertEqual(read(csvByReport), read(csvByCheck), "\(batch.name) CSV")
                if variant == ["csv"] { XCTAssertEqual(checked.out, read(csvByCheck), "the CSV, printed or written") }
            }
        }
    }

    func testManualScoresAddedLaterPrintWhatCheckManualPrinted() throws {
        let saved = file("alice.json")
        XCTAssertEqual(check([alice.root.path], ["--format", "json", "--output", saved]).code, 1)
        let manual = file("manual.json")
        try #"{"design": 4}"#.write(toFile: manual, atomically: true, encoding: .utf8)
        for format in ReportFormat.allCases {
            let checked = check([alice.root.path], ["--format", format.rawValue, "--manual", manual])
            let reported = grader(["report", saved, "--format", format.rawValue, "--manual", manual])
            XCTAssertEqual(reported, checked, "\(format)")
            XCTAssertNotEqual(reported, grader(["report", saved, "--format", format.rawValue]), "\(format)")
        }
        // Scored once, the result keeps its score: a second report without --manual prints the same.
        let scored = file("alice-scored.json")
        let scoring = grader(["report", saved, "--manual", manual, "--format", "json", "--output", scored])
        XCTAssertEqual(scoring.err, "")
        XCTAssertEqual(grader(["report", scored]), check([alice.root.path], ["--manual", manual]))
    }

    /// A result with everything a report shows (tests of every outcome, findings, history, own tests, a manual
    /// item, needs review, notes), printed through `check`'s path and read back from its JSON by `report`.
    func testEveryFieldSurvivesTheRoundTripInEveryFormat() throws {
        let rubric = try kit.kit.rubric("counter")
        let result = GradeResult(
            graderVersion: GraderVersion.current, status: .fail, message: "needs review: 9.5/18 points",
            exercise: "counter", submission: "dave.zip", passed: false, score: 9.5, maxScore: 18, passPercent: 60,
            criteria: [
                CriterionResult(
                    id: "CT1", title: "Counts", kind: .tests, score: 0, maxScore: 6, status: .withheld,
                    evidence: ["withheld until a human reviews the submission", "1/3 hidden tests passed"]),
                CriterionResult(
                    id: "no-singletons", title: "No singletons", kind: .rule, score: 2, maxScore: 4, status: .partial,
                    evidence: ["1 error"]),
                CriterionResult(
                    id: "history", title: "Git history", kind: .history, score: 3.5, maxScore: 4, status: .partial,
                    evidence: ["9 commits, median 38 lines"]),
                CriterionResult(
                    id: "design", title: "Design", kind: .manual, score: 4, maxScore: 4, status: .passed,
                    evidence: ["scored by the interviewer"]),
            ],
            tests: [
                TestResult(
                    name: "CT1Tests/test_CT1_startsAtZero", requirement: "CT1", status: .pass, taskId: 1, score: 2,
                    maxScore: 2, duration: 0.013),
                TestResult(
                    name: "CT1Tests/test_CT1_incrementAddsOne", requirement: "CT1", status: .fail,
                    message: #"XCTAssertEqual failed: ("2") is not equal to ("1") <&>"#, output: "line\nline 2",
                    taskId: 1, score: 0, maxScore: 2, duration: 0.5),
                TestResult(
                    name: "CT1Tests/test_CT1_incrementsAccumulate", requirement: "CT1", status: .error,
                    message: "Hidden/CT1Tests.swift:18:19: error: value of type 'Counter' has no member 'increment'",
                    taskId: 1, score: 0, maxScore: 2, expectedSymbol: "Counter.increment()", tampered: true),
            ],
            findings: [
                Finding(
                    rule: "no-singletons", severity: .error, path: "Sources/Counter/Counter.swift", line: 7,
                    column: 16, message: "`static let shared = Counter()` makes Counter a singleton"),
                Finding(
                    rule: "integrity", severity: .error, path: "Sources/Counter/Exit.swift", line: 3, column: 1,
                    message: "`exit` ends the process from app code"),
            ],
            history: HistorySummary(
                commits: 9, baseline: "3f2a9c1e", medianLines: 38, maxLines: 412, shareOverThreshold: 0.111,
                daysWithCommits: 2, observations: ["T1 title over 72 characters: 9b1e4f2"], problems: []),
            ownTests: OwnTestsSummary(
                total: 12, passed: 11, failed: 1, lineCoverage: 64.3,
                files: [FileCoverage(path: "Sources/Counter/Counter.swift", lineCoverage: 88.2)]),
            manualReview: [
                ManualItem(
                    id: "design", title: "Design", points: 4, checklist: ["Small types"],
                    evidence: ["Sources/Counter: 2 files, 40 lines, 1 types"], score: 4)
            ],
            followUpQuestions: ["How would you make the counter thread-safe?"],
            notes: ["not checked: style (swift-format was not found on PATH)"],
            needsReview: ["Sources/Counter/Exit.swift:3: `exit` ends the process from app code"],
            isolation: "bubblewrap", rubric: rubric)
        let saved = file("dave.json")
        try Reporters.render([result], as: .json).write(toFile: saved, atomically: true, encoding: .utf8)
        for format in ReportFormat.allCases {
            let (output, printed) = capture()
            let context = CommandContext(output: output, environment: [:], runner: .live)
            // As check would print it once its totals are recomputed from its criteria (report always does).
            let code = try context.report(
                [Scorer(rubric: rubric).rescored(result)], format: format, options: .standard, output: nil, csv: nil)
            let reported = grader(["report", saved, "--format", format.rawValue])
            XCTAssertEqual(reported, Run(code: code, out: printed.out, err: printed.err), "\(format)")
            XCTAssertEqual(reported.code, 1)
        }
    }

    func testAResultOfAnotherRubricVersionIsRefusedInOneLine() throws {
        let saved = file("alice.json")
        XCTAssertEqual(check([alice.root.path], ["--format", "json", "--output", saved]).code, 1)
        let rubric = kit.root.appendingPathComponent("Rubrics/counter/rubric.json")
        try String(contentsOf: rubric, encoding: .utf8).replacingOccurrences(of: "1.2.0", with: "1.3.0").write(
            to: rubric, atomically: true, encoding: .utf8)
        let refused = grader(["report", saved, "--format", "markdown"])
        XCTAssertEqual(refused.code, 3)
        XCTAssertEqual(refused.out, "")
        XCTAssertEqual(
            refused.err,
            "grader: \(saved): \(alice.root.path) was graded under counter rubric 1.2.0, this kit has 1.3.0; "
                + "use the kit it was graded with, or regrade it with 'grader check'\n")
    }

    func testEditedTotalsAreRecomputedAndEditedCriteriaRefused() throws {
        let saved = file("alice.json")
        XCTAssertEqual(check([alice.root.path], ["--format", "json", "--output", saved]).code, 1)
        let honest = grader(["report", saved, "--format", "text"])
        var json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: saved))) as? [String: Any])

        // A forged total and verdict: the report recomputes both from the criteria.
        var forged = json
        forged["score"] = 99
        forged["passed"] = true
        forged["status"] = "pass"
        try JSONSerialization.data(withJSONObject: forged).write(to: URL(fileURLWithPath: file("forged.json")))
        let recomputed = grader(["report", file("forged.json"), "--format", "text"])
        XCTAssertEqual(recomputed.code, honest.code, "the verdict is alice's own")
        XCTAssertEqual(
            recomputed.out.replacingOccurrences(of: file("forged.json"), with: saved), honest.out,
            "the forged total is not printed")

        // A criterion scored above its points, one dropped, one duplicated: refused in one line.
        var criteria = try XCTUnwrap(json["criteria"] as? [[String: Any]])
        criteria[0]["score"] = 1000
        json["criteria"] = criteria
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file("inflated.json")))
        let inflated = grader(["report", file("inflated.json")])
        XCTAssertEqual(inflated.code, 3)
        XCTAssertTrue(inflated.err.contains("the result was edited"), inflated.err)
        XCTAssertEqual(inflated.err.filter { $0 == "\n" }.count, 1)
        json["criteria"] = Array(criteria.dropFirst())
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file("dropped.json")))
        XCTAssertTrue(grader(["report", file("dropped.json")]).err.hasSuffix("is missing\n"))
        json["criteria"] = [criteria[1], criteria[1]] + criteria.dropFirst(2)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: file("twice.json")))
        XCTAssertTrue(grader(["report", file("twice.json")]).err.hasSuffix("appears twice\n"))
    }

    func testUsageMistakesExitTwo() throws {
        XCTAssertEqual(
            grader(["report"]),
            Run(code: 2, out: "", err: "grader: 'grader report' needs <result.json>…; see 'grader report --help'\n"))
        let manual = file("manual.json")
        try #"{"design": 9}"#.write(toFile: manual, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            grader(["report", file("alice.json"), "--manual", manual]),
            Run(code: 2, out: "", err: "grader: --manual: 'design' scores from 0 to 4, not 9\n"))
        XCTAssertEqual(
            grader(["report", file("alice.json"), "--format", "pdf"]).err,
            "grader: unknown format 'pdf'; use one of: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))\n"
        )
        XCTAssertEqual(
            grader(["report", file("missing.json")]),
            Run(code: 3, out: "", err: "grader: \(file("missing.json")): no such file, or it cannot be read\n"))
    }
}

import Foundation
import GraderCore
import XCTest

@testable import GraderRules

/// `RuleEngine.evaluate`: which rules run, how criteria score, and what is said when something cannot be checked.
final class RuleEngineTests: XCTestCase {
    private let forceCode = """
        let a = x!
        let b = try! f()
        let c = y as! Z
        let d = w!
        """

    private func rule(_ id: String, points: Double = 4, rule: String? = nil, _ parameters: [String: JSONValue] = [:])
        -> Criterion
    {
        Criterion(id: id, title: id, kind: .rule, points: points, rule: rule, parameters: parameters)
    }

    private func evaluate(_ criteria: [Criterion], _ files: [String: String], runner: ProcessRunner = .unavailable)
        -> RuleEvaluation
    {
        RuleEngine(runner: runner).evaluate(criteria: criteria, context: RuleContext(files: files, runner: runner))
    }

    func testPenaltyScoringWithAllowedAndPenalty() {
        let files = ["Sources/App/A.swift": forceCode]
        let results = evaluate(
            [
                rule("no-force"),
                rule("force-lenient", rule: "no-force", ["allowed": .number(2), "penalty": .number(0.5)]),
                rule("force-strict", rule: "no-force", ["penalty": .number(4)]),
            ], files
        ).results
        XCTAssertEqual(results.map(\.id), ["no-force", "force-lenient", "force-strict"])
        XCTAssertEqual(results.map(\.score), [0, 3, 0])
        XCTAssertEqual(results.map(\.status), [.failed, .partial, .failed])
        XCTAssertEqual(results[1].evidence.first, "4 findings (2 allowed): −1 points")
        XCTAssertEqual(
            results[0].evidence[1],
            "Sources/App/A.swift:1:10: warning: `x!` force-unwraps and crashes on nil; use `if let`, `guard let` or `??` instead [no-force]"
        )
    }

    func testCleanCodeGetsFullPointsAndSaysSo() {
        let result = evaluate([rule("no-singletons", points: 5)], ["Sources/App/A.swift": "struct A {}"]).results[0]
        XCTAssertEqual(result.score, 5)
        XCTAssertEqual(result.status, .passed)
        XCTAssertEqual(result.evidence, ["no findings"])
    }

    func testEvidenceListsTheFirstFiveFindings() {
        let code = (1...8).map { "let v\($0) = x\($0)!" }.joined(separator: "\n")
        let result = evaluate([rule("no-force", points: 10)], ["A.swift": code]).results[0]
        XCTAssertEqual(result.score, 2)
        XCTAssertEqual(result.evidence.count, 7)
        XCTAssertEqual(result.evidence.last, "… and 3 more")
    }

    func testResultsFollowTheCriteriaAndSkipOtherKinds() {
        let criteria = [
            Criterion(id: "MC1", title: "Tests", kind: .tests, points: 4),
            rule("style-ish", rule: "no-such-rule"),
            rule("no-third-party"),
            Criterion(id: "history", title: "History", kind: .history, points: 8),
            rule("no-singletons"),
        ]
        let evaluation = evaluate(criteria, ["Sources/App/A.swift": "import Alamofire"])
        XCTAssertEqual(evaluation.results.map(\.id), ["style-ish", "no-third-party", "no-singletons"])
        XCTAssertEqual(evaluation.results[0].status, .notChecked)
        XCTAssertEqual(evaluation.results[0].evidence, ["unknown rule 'no-such-rule'"])
        XCTAssertTrue(evaluation.notes.contains("criterion 'style-ish': unknown rule 'no-such-rule'"))
        XCTAssertEqual(evaluation.results[1].score, 3)
        XCTAssertEqual(evaluation.findings.map(\.rule), ["no-third-party"])
    }

    func testRequiredAPIsFromTheRubric() {
        let criterion = rule(
            "required-apis", points: 3,
            ["require": .array([.string("URLSession"), .string("Decodable|Codable"), .string("DispatchQueue|Task")])])
        let files = [
            "Sources/Feed/Loader.swift": "struct Feed: Codable {}\n// URLSession later\nlet s = \"URLSession\"",
            "Tests/FeedTests/LoaderTests.swift": "let s = URLSession(configuration: .default)",
        ]
        let evaluation = evaluate([criterion], files)
        XCTAssertEqual(evaluation.results[0].score, 1)
        XCTAssertEqual(
            evaluation.findings.map(\.formatted),
            [
                "error: `DispatchQueue` or `Task` never appears in non-test code; the exercise asks for it [required-apis]",
                "error: `URLSession` never appears in non-test code; the exercise asks for it [required-apis]",
            ])
    }

    func testFindingsAreSortedAndDeduplicated() {
        let files = ["B.swift": "let b = x!", "A.swift": "let a = y!\nlet c = z!"]
        let evaluation = evaluate([rule("no-force"), rule("again", rule: "no-force")], files)
        XCTAssertEqual(evaluation.findings.map { "\($0.path):\($0.line)" }, ["A.swift:1", "A.swift:2", "B.swift:1"])
        XCTAssertEqual(evaluation.results.map(\.score), [1, 1])
    }

    func testFindingsForStaticOnlyRunsEveryRuleWithDefaults() {
        let context = RuleContext(files: ["Sources/App/A.swift": "import Alamofire\nlet s = URLSession.shared"])
        let all = RuleEngine(runner: .unavailable).findings(context: context)
        XCTAssertEqual(all.results, [])
        XCTAssertEqual(Set(all.findings.map(\.rule)), ["no-third-party", "no-system-singletons"])
        XCTAssertTrue(all.notes.contains { $0.hasPrefix("style not checked") })
        let some = RuleEngine(runner: .unavailable).findings(context: context, ruleIDs: ["no-force", "bogus"])
        XCTAssertEqual(some.findings, [])
        XCTAssertEqual(some.notes, ["unknown rule 'bogus'"])
    }

    func testHugeAndUnreadableFilesAreSkippedWithANote() throws {
        let huge = String(repeating: "let x = y!\n", count: 100_000)
        let folder = try TemporaryFolder(files: [
            "Sources/App/Huge.swift": huge, "Sources/App/Small.swift": "let a = b!",
        ])
        defer { folder.remove() }
        try Data([0x6C, 0x65, 0x74, 0x00, 0xFF]).write(
            to: folder.url.appendingPathComponent("Sources/App/Binary.swift"))
        try Data("let caf\u{E9} = d!".data(using: .isoLatin1)!).write(
            to: folder.url.appendingPathComponent("Sources/App/Latin.swift"))
        let evaluation = RuleEngine(runner: .unavailable).evaluate(
            criteria: [rule("no-force")],
            context: RuleContext(tree: SourceTree(scanning: folder.url), runner: .unavailable))
        XCTAssertEqual(evaluation.findings.map(\.path), ["Sources/App/Latin.swift", "Sources/App/Small.swift"])
        XCTAssertTrue(evaluation.notes.contains("skipped Sources/App/Huge.swift: over 1 MB"))
        XCTAssertTrue(evaluation.notes.contains("skipped Sources/App/Binary.swift: not readable as text"))
    }

    func testDeterministic() {
        let files = ["Sources/App/A.swift": forceCode + "\nimport Alamofire\nfinal class S { static let shared = S() }"]
        let criteria = RuleRegistry.identifiers.filter { $0 != "style" }.map { rule($0) }
        let first = evaluate(criteria, files)
        let second = evaluate(criteria, files)
        XCTAssertEqual(first.findings, second.findings)
        XCTAssertEqual(first.results, second.results)
    }

    // MARK: - style

    /// A runner that records requests and answers like swift-format with `diagnostics` on stderr.
    private final class FakeFormatter: @unchecked Sendable {
        var requests: [ProcessRequest] = []
        let diagnostics: String
        let status: Int32
        init(diagnostics: String, status: Int32 = 0) {
            self.diagnostics = diagnostics
            self.status = status
        }
        var runner: ProcessRunner {
            ProcessRunner { request in
                self.requests.append(request)
                return ProcessOutput(status: self.status, stdout: "", stderr: self.diagnostics)
            }
        }
    }

    private func styleFiles(lines: Int) -> [String: String] {
        [
            "Sources/App/A.swift": String(repeating: "let x = 1\n", count: lines),
            "Tests/AppTests/ATests.swift": String(repeating: "let y = 1\n", count: 1000),
        ]
    }

    private func diagnostics(_ count: Int) -> String {
        (0..<count).map { "Sources/App/A.swift:\($0 + 1):6: warning: [Spacing] add 1 space" }.joined(separator: "\n")
    }

    func testStyleRunsSwiftFormatLintOnAppCodeOnly() throws {
        let fake = FakeFormatter(diagnostics: diagnostics(2))
        var files = styleFiles(lines: 100)
        files[".swift-format"] = "{}"
        let root = URL(fileURLWithPath: "/submission")
        let context = RuleContext(files: files, runner: fake.runner, root: root)
        let evaluation = RuleEngine(runner: fake.runner).evaluate(
            criteria: [rule("style", points: 6)], context: context)
        let request = try XCTUnwrap(fake.requests.first)
        XCTAssertEqual(request.executable, "swift")
        XCTAssertEqual(
            request.arguments,
            [
                "format", "lint", "--no-color-diagnostics", "--ignore-unparsable-files", "--configuration",
                "/submission/.swift-format", "Sources/App/A.swift",
            ])
        XCTAssertEqual(request.workingDirectory, root)
        XCTAssertEqual(evaluation.results[0].score, 6)
        XCTAssertEqual(
            evaluation.results[0].evidence.first,
            "2 swift-format findings in 100 lines of non-test Swift: 2 per 100 lines (full points at or under 3, none at 9)"
        )
        XCTAssertEqual(
            evaluation.findings.first?.formatted, "Sources/App/A.swift:1:6: warning: [Spacing] add 1 space [style]")
    }

    func testStyleWithoutItsOwnConfigurationUsesXcodesConventions() throws {
        let fake = FakeFormatter(diagnostics: "")
        _ = StyleRule().check(RuleContext(files: styleFiles(lines: 10), runner: fake.runner), parameters: [:])
        let arguments = try XCTUnwrap(fake.requests.first).arguments
        let index = try XCTUnwrap(arguments.firstIndex(of: "--configuration"))
        XCTAssertTrue(arguments[index + 1].contains("grader-style-"), "a temporary Xcode-style configuration")
        XCTAssertEqual(
            StyleRule.xcodeConfiguration, #"{"version": 1, "indentation": {"spaces": 4}, "lineLength": 120}"#)
    }

    func testStyleScoreFallsLinearlyFromTheThresholdToThreeTimesIt() {
        func score(_ count: Int, threshold: Double? = nil) -> Double {
            let fake = FakeFormatter(diagnostics: diagnostics(count))
            let parameters: [String: JSONValue] = threshold.map { ["max_per_100_lines": .number($0)] } ?? [:]
            let context = RuleContext(files: styleFiles(lines: 200), runner: fake.runner)
            return RuleEngine(runner: fake.runner).evaluate(
                criteria: [rule("style", points: 10, parameters)], context: context
            )
            .results[0].score
        }
        XCTAssertEqual(score(0), 10)
        XCTAssertEqual(score(6), 10)  // 3 per 100 lines
        XCTAssertEqual(score(12), 5)  // 6 per 100 lines: halfway to 9
        XCTAssertEqual(score(18), 0)  // 9 per 100 lines
        XCTAssertEqual(score(40), 0)
        XCTAssertEqual(score(2, threshold: 0.5), 5)  // 1 per 100 lines: halfway from 0.5 to 1.5
        XCTAssertEqual(score(1, threshold: 0.2), 2.5)  // 0.5 per 100 lines: three quarters of the way to 0.6
    }

    func testStyleWithoutSwiftFormatIsNotCheckedWithANote() {
        let missing = FakeFormatter(
            diagnostics: "error: unable to invoke subcommand: /usr/bin/swift-format (No such file or directory)",
            status: 1)
        for runner in [ProcessRunner.unavailable, missing.runner] {
            let evaluation = RuleEngine(runner: runner).evaluate(
                criteria: [rule("style", points: 6)],
                context: RuleContext(files: styleFiles(lines: 10), runner: runner))
            XCTAssertEqual(evaluation.results[0].status, .notChecked)
            XCTAssertEqual(evaluation.results[0].score, 0)
            XCTAssertEqual(evaluation.findings, [])
            XCTAssertTrue(evaluation.notes.contains { $0.hasPrefix("style not checked") }, "\(evaluation.notes)")
        }
    }

    func testStyleWithNoAppCodeGetsFullPoints() {
        let fake = FakeFormatter(diagnostics: "")
        let result = RuleEngine(runner: fake.runner).evaluate(
            criteria: [rule("style", points: 6)], context: RuleContext(files: ["README.md": "hi"], runner: fake.runner)
        ).results[0]
        XCTAssertEqual(result.score, 6)
        XCTAssertEqual(fake.requests.count, 0)
    }

    func testStyleListsAtMostMaxListedFindings() {
        let fake = FakeFormatter(diagnostics: diagnostics(50))
        let evaluation = RuleEngine(runner: fake.runner).evaluate(
            criteria: [rule("style", points: 6, ["max_listed": .number(10)])],
            context: RuleContext(files: styleFiles(lines: 100), runner: fake.runner))
        XCTAssertEqual(evaluation.findings.count, 10)
        XCTAssertTrue(evaluation.notes.contains("style: 50 findings, the first 10 listed"))
        XCTAssertEqual(evaluation.results[0].score, 0)
    }

    func testStyleWithTheRealSwiftFormat() throws {
        try XCTSkipUnless(SwiftFormat.isAvailable, "swift-format is not on PATH")
        let folder = try TemporaryFolder(files: [
            "Sources/App/A.swift": "let x=1\nlet y = 2\n",
            "Tests/AppTests/ATests.swift": "let z=3\n",
        ])
        defer { folder.remove() }
        let evaluation = RuleEngine().evaluate(
            criteria: [rule("style", points: 6)],
            context: RuleContext(tree: SourceTree(scanning: folder.url), runner: .live))
        XCTAssertEqual(
            evaluation.findings.map { "\($0.path):\($0.line):\($0.column)" },
            ["Sources/App/A.swift:1:6", "Sources/App/A.swift:1:7"])
        XCTAssertEqual(evaluation.results[0].score, 0)  // 100 per 100 lines
        XCTAssertEqual(evaluation.results[0].status, .failed)
    }
}

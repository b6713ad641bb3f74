import Foundation
import GraderCore
import GraderKit

/// A small kit made on the fly: one exercise, `counter`, with two requirements (CT1, CT2) and three hidden
/// tests each, plus the real GraderTestSupport. Submissions are generated next to it by `FixtureSubmission`.
struct FixtureKit {
    /// The kit's repository: the nearest folder above this file that holds Rubrics/Support.
    static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Rubrics/Support").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The `grader` executable `swift build --build-tests` put next to the test bundle, if there is one.
    static var builtGrader: URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("grader")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    let root: URL
    var kit: Kit { Kit(root: root) }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-fixture-kit-\(UUID().uuidString.prefix(8))")
        try write("// The fixture kit's marker manifest.\n", to: "Package.swift")
        let support = Self.repositoryRoot.appendingPathComponent("Rubrics/Support/GraderTestSupport")
        for name in try FileManager.default.contentsOfDirectory(atPath: support.path) where name.hasSuffix(".swift") {
            try write(
                String(contentsOf: support.appendingPathComponent(name), encoding: .utf8),
                to: "Rubrics/Support/GraderTestSupport/\(name)")
        }
        for module in ["GraderHarnessBoot", "GraderProcessGuard"] {
            let folder = Self.repositoryRoot.appendingPathComponent("Rubrics/Support/\(module)")
            for name in SourceTree(scanning: folder).files where name.hasSuffix(".c") || name.hasSuffix(".h") {
                try write(
                    String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8),
                    to: "Rubrics/Support/\(module)/\(name)")
            }
        }
        let main = Self.repositoryRoot.appendingPathComponent("Rubrics/Support/GraderTestMain/GraderTestMain.swift")
        try write(String(contentsOf: main, encoding: .utf8), to: "Rubrics/Support/GraderTestMain/GraderTestMain.swift")
        try write(Self.rubric, to: "Rubrics/counter/rubric.json")
        try write(Self.ct1Tests, to: "Rubrics/counter/Hidden/CT1Tests.swift")
        try write(Self.ct2Tests, to: "Rubrics/counter/Hidden/CT2Tests.swift")
        try write(Self.sharedHelper, to: "Rubrics/counter/Hidden/Expectations.swift")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static let rubric = """
        {
          "exercise": "counter", "title": "Counter", "version": "1.0.0", "time_box": "1 hour", "pass_percent": 60,
          "modules": ["Counter"],
          "requirements": [{"id": "CT1", "title": "Counting"}, {"id": "CT2", "title": "Label"}],
          "criteria": [
            {"id": "CT1", "title": "Counts", "kind": "tests", "points": 6},
            {"id": "CT2", "title": "Labels", "kind": "tests", "points": 3},
            {"id": "own-tests", "title": "Own tests", "kind": "coverage", "points": 2,
             "parameters": {"min_tests": 2, "target_coverage": 50}},
            {"id": "design", "title": "Design", "kind": "manual", "points": 4, "checklist": ["Small types"]}
          ],
          "follow_up_questions": ["How would you make the counter thread-safe?"]
        }
        """

    /// A counter rubric whose criteria a `--static-only` check scores: a rule, the history, a manual item.
    static let staticRubric = """
        {
          "exercise": "counter", "title": "Counter", "version": "1.2.0", "time_box": "1 hour", "pass_percent": 60,
          "modules": ["Counter"],
          "requirements": [{"id": "CT1", "title": "Counting"}],
          "criteria": [
            {"id": "CT1", "title": "Counts", "kind": "tests", "points": 6},
            {"id": "no-singletons", "title": "No singletons", "kind": "rule", "points": 4},
            {"id": "history", "title": "Git history", "kind": "history", "points": 4},
            {"id": "design", "title": "Design", "kind": "manual", "points": 4, "checklist": ["Small types"]}
          ],
          "follow_up_questions": ["How would you make the counter thread-safe?"]
        }
        """

    static let ct1Tests = """
        import Counter
        import GraderTestSupport
        import XCTest

        final class CT1CountingTests: HiddenTestCase {
            func test_CT1_startsAtZero() {
                XCTAssertEqual(Counter().value, 0)
            }

            func test_CT1_incrementAddsOne() {
                var counter = Counter()
                counter.increment()
                XCTAssertEqual(counter.value, 1)
            }

            func test_CT1_incrementsAccumulate() {
                var counter = Counter()
                for _ in 0..<5 { counter.increment() }
                XCTAssertEqual(counter.value, Expectations.five)
            }
        }
        """

    static let ct2Tests = """
        import Counter
        import GraderTestSupport
        import XCTest

        final class CT2LabelTests: HiddenTestCase {
            /// Made when XCTest creates the test case, before the test starts: candidate code runs this early.
            private let fresh = Counter()

            func test_CT2_zeroLabel() {
                XCTAssertEqual(fresh.label(), "0 taps")
            }

            func test_CT2_singular() {
                var counter = Counter()
                counter.increment()
                XCTAssertEqual(counter.label(), "1 tap")
            }

            func test_CT2_plural() {
                var counter = Counter()
                counter.increment()
                counter.increment()
                XCTAssertEqual(counter.label(), "2 taps")
            }
        }
        """

    static let sharedHelper = """
        enum Expectations {
            static let five = 5
        }
        """
}

/// A fixture submission: a folder (made a git repository) with a Counter module and optional tests.
struct FixtureSubmission {
    let root: URL

    /// Writes `files` (path → text) under a new temporary folder and commits them, one commit per file.
    init(_ name: String, files: [String: String], git: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-fixture-\(name)-\(UUID().uuidString.prefix(6))")
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        if git {
            try Self.git(["init", "--quiet", "--initial-branch=main"], in: root)
            for path in files.keys.sorted() {
                try Self.git(["add", path], in: root)
                try Self.git(["commit", "--quiet", "-m", "Add \(path)"], in: root)
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    static func git(_ arguments: [String], in folder: URL) throws {
        let output = try ProcessRunner.live(
            ProcessRequest(
                "git", ["-C", folder.path] + arguments,
                environment: [
                    "GIT_AUTHOR_NAME": "Candidate", "GIT_AUTHOR_EMAIL": "c@example.com",
                    "GIT_COMMITTER_NAME": "Candidate",
                    "GIT_COMMITTER_EMAIL": "c@example.com", "GIT_CONFIG_GLOBAL": "/dev/null",
                ]))
        guard output.succeeded else { throw GraderError.toolFailed("git \(arguments): \(output.stderr)") }
    }

    static let manifest = #"{"exercise": "counter", "version": "1.0.0"}"#

    /// The correct Counter with a singleton added: a finding for `no-singletons`.
    static var counterWithSingleton: String {
        counter().replacingOccurrences(
            of: "    public init() {}", with: "    static let shared = Counter()\n\n    public init() {}")
    }

    /// The correct Counter, with `label` replaced when given.
    static func counter(
        label: String = #"value == 1 ? "1 tap" : "\(value) taps""#, labelName: String = "label", prelude: String = "",
        initBody: String = ""
    ) -> String {
        let initializer = initBody.isEmpty ? "public init() {}" : "public init() {\n        \(initBody)\n    }"
        return """
            import Foundation
            \(prelude)

            public struct Counter {
                public private(set) var value = 0

                \(initializer)

                public mutating func increment() {
                    value += 1
                }

                public func \(labelName)() -> String {
                    \(label)
                }
            }
            """
    }

    static let ownXCTests = """
        import Counter
        import XCTest

        final class CounterTests: XCTestCase {
            func testIncrement() {
                var counter = Counter()
                counter.increment()
                XCTAssertEqual(counter.value, 1)
            }
        }
        """

    static let ownSwiftTests = """
        import Counter
        import Testing

        @Test func startsAtZero() {
            #expect(Counter().value == 0)
        }
        """
}

extension Analyzers {
    /// No rules and no history: the build-and-test part of a check, on its own.
    static let none = Analyzers(
        rules: { criteria, _ in
            RulesOutcome(findings: [], results: criteria.map { .notChecked($0, reason: "off") }, notes: [])
        },
        history: { request in
            HistoryOutcome(
                summary: HistorySummary(
                    commits: 0, baseline: nil, medianLines: 0, maxLines: 0, shareOverThreshold: 0, daysWithCommits: 0,
                    observations: [], problems: []), result: request.criterion.map { .notChecked($0, reason: "off") })
        })
}

import Foundation
import GraderCore

/// Canned results the golden files are rendered from: a realistic movie-client grade with passing and failing
/// hidden tests, a requirement whose hidden tests no longer compile, findings, history, own tests, a manual
/// item and notes; and a batch of two submissions.
enum Fixtures {
    static let graderVersion = "0.1.0"

    static var single: GradeResult { alice }

    static var many: [GradeResult] { [alice, bob] }

    static var alice: GradeResult {
        let criteria = [
            CriterionResult(
                id: "MC1", title: "Categories", kind: .tests, score: 5, maxScore: 5, status: .passed,
                evidence: ["2/2 hidden tests passed"]),
            CriterionResult(
                id: "MC2", title: "Requests", kind: .tests, score: 5, maxScore: 10, status: .partial,
                evidence: ["2/4 hidden tests passed"]),
            CriterionResult(
                id: "MC3", title: "Decoding", kind: .tests, score: 10, maxScore: 10, status: .passed,
                evidence: ["2/2 hidden tests passed"]),
            CriterionResult(
                id: "MC4", title: "Errors", kind: .tests, score: 5, maxScore: 10, status: .partial,
                evidence: ["1/2 hidden tests passed", "test_MC4_malformedJSONIsDecodingError timed out after 10 s"]),
            CriterionResult(
                id: "MC9", title: "Search", kind: .tests, score: 0, maxScore: 10, status: .failed,
                evidence: ["hidden tests do not compile: expected `SearchViewModel.queryChanged(_:)`"]),
            CriterionResult(
                id: "no-singletons", title: "No singletons", kind: .rule, score: 0, maxScore: 5, status: .failed,
                evidence: ["1 error"]),
            CriterionResult(
                id: "no-system-singletons", title: "No system singletons", kind: .rule, score: 2.5, maxScore: 5,
                status: .partial, evidence: ["1 warning"]),
            CriterionResult(
                id: "style", title: "swift-format lint", kind: .rule, score: 0, maxScore: 5, status: .notChecked,
                evidence: ["swift-format was not found on PATH"]),
            CriterionResult(
                id: "history", title: "Clear git history", kind: .history, score: 8, maxScore: 10, status: .partial,
                evidence: ["9 commits, median 38 lines", "1 commit over 300 lines"]),
            CriterionResult(
                id: "coverage", title: "Own tests and coverage", kind: .coverage, score: 4, maxScore: 5,
                status: .partial, evidence: ["12 tests, 1 failing", "64.3% line coverage (target 70%)"]),
            CriterionResult(
                id: "ARCH", title: "Architecture and clarity", kind: .manual, score: 0, maxScore: 10, status: .manual,
                evidence: []),
        ]
        let tests = [
            TestResult(
                name: "MC1Tests/test_MC1_categoriesInOrder", requirement: "MC1", status: .pass, taskId: 1, score: 2.5,
                maxScore: 2.5, duration: 0.012),
            TestResult(
                name: "MC1Tests/test_MC1_displayTitle", requirement: "MC1", status: .pass, taskId: 1, score: 2.5,
                maxScore: 2.5, duration: 0.004),
            TestResult(
                name: "MC2Tests/test_MC2_categoryURL", requirement: "MC2", status: .pass, taskId: 2, score: 2.5,
                maxScore: 2.5, duration: 0.006),
            TestResult(
                name: "MC2Tests/test_MC2_encodesSpace", requirement: "MC2", status: .pass, taskId: 2, score: 2.5,
                maxScore: 2.5, duration: 0.005),
            TestResult(
                name: "MC2Tests/test_MC2_encodesAmpersand", requirement: "MC2", status: .fail,
                message: """
                    XCTAssertEqual failed: ("https://api.themoviedb.org/3/search/movie?api_key=KEY&query=Tom&Jerry") \
                    is not equal to ("https://api.themoviedb.org/3/search/movie?api_key=KEY&query=Tom%26Jerry")
                    """,
                output: "Test Case 'MC2Tests.test_MC2_encodesAmpersand' failed (0.007 seconds).", taskId: 2,
                score: 0, maxScore: 2.5, duration: 0.007),
            TestResult(
                name: "MC2Tests/test_MC2_encodesEmoji", requirement: "MC2", status: .fail,
                message: "XCTAssertEqual failed: (\"query=%F0%9F%8E%AC\") is not equal to (\"query=🎬\")",
                taskId: 2, score: 0, maxScore: 2.5, duration: 0.006),
            TestResult(
                name: "MC3Tests/test_MC3_decodesPage", requirement: "MC3", status: .pass, taskId: 3, score: 5,
                maxScore: 5, duration: 0.021),
            TestResult(
                name: "MC3Tests/test_MC3_nullPosterPath", requirement: "MC3", status: .pass, taskId: 3, score: 5,
                maxScore: 5, duration: 0.009),
            TestResult(
                name: "MC4Tests/test_MC4_surfacesStatusMessage", requirement: "MC4", status: .pass, taskId: 4,
                score: 5, maxScore: 5, duration: 0.015),
            TestResult(
                name: "MC4Tests/test_MC4_malformedJSONIsDecodingError", requirement: "MC4", status: .error,
                message: "timed out after 10 s",
                output: "Test Case 'MC4Tests.test_MC4_malformedJSONIsDecodingError' started",
                taskId: 4, score: 0, maxScore: 5, duration: 10.002),
        ]
        let compileError = """
            Rubrics/movie-client/Hidden/MC9Tests.swift:18:19: error: value of type 'SearchViewModel' has no member \
            'queryChanged'
            """
        let broken = ["debouncesTyping", "cancelsInFlightSearch", "emptyQueryClears", "staleResponseIgnored"].map {
            TestResult(
                name: "MC9Tests/test_MC9_\($0)", requirement: "MC9", status: .error, message: compileError, taskId: 9,
                score: 0, maxScore: 2.5, expectedSymbol: "SearchViewModel.queryChanged(_:)")
        }
        let findings = [
            Finding(
                rule: "no-singletons", severity: .error, path: "Sources/MovieClient/ImageLoader.swift", line: 4,
                column: 5,
                message: "'static let shared = ImageLoader()' makes ImageLoader a singleton; inject it through init"),
            Finding(
                rule: "no-system-singletons", severity: .warning, path: "Sources/MovieClient/MovieService.swift",
                line: 22, column: 23, message: "'URLSession.shared' in non-test code; inject a URLSession"),
            Finding(
                rule: "no-force", severity: .warning, path: "Sources/MovieClient/MovieListViewModel.swift", line: 41,
                column: 37, message: "force unwrap 'movie.posterPath!'; unwrap with 'if let' or 'guard let'"),
        ]
        var history = HistorySummary(
            commits: 9, baseline: "3f2a9c1e5b7d4a60c9e8f1b2a3d4c5e6f7a8b9c0", medianLines: 38, maxLines: 412,
            shareOverThreshold: 0.111, daysWithCommits: 2,
            observations: [
                "T1 title over 72 characters: 9b1e4f2",
                "T5 \"WIP\" in title: 4c7d2a1",
                "tests committed along the way: 3 of 9 commits touch Tests/",
            ], problems: [])
        history.maxCommitLines = 300
        history.commitLog = aliceCommits
        let ownTests = OwnTestsSummary(
            total: 12, passed: 11, failed: 1, lineCoverage: 64.3,
            files: [
                FileCoverage(path: "Sources/MovieClient/MovieService.swift", lineCoverage: 88.2),
                FileCoverage(path: "Sources/MovieClient/ImageLoader.swift", lineCoverage: 41),
                FileCoverage(path: "Sources/MovieClient/SearchViewModel.swift", lineCoverage: 57.5),
            ])
        let manual = ManualItem(
            id: "ARCH", title: "Architecture and clarity", points: 10,
            checklist: [
                "Networking, decoding and presentation live in separate types",
                "View models are testable without UIKit",
                "Names say the role",
            ],
            evidence: [
                "types in Sources/MovieClient: MovieService, ImageLoader, MovieListViewModel, SearchViewModel",
                "README.md explains the threading choices",
            ], score: nil)
        return result(
            submission: "alice-movie-client.zip", message: "below the pass mark: 39.5 of 85 points, 70% needed",
            criteria: criteria, tests: tests + broken, findings: findings,
            history: history, ownTests: ownTests, manualReview: [manual],
            followUpQuestions: [
                "How would you cancel the in-flight search when the query changes?",
                "ImageLoader.shared is a singleton: how would you inject it, and what would change in the tests?",
            ],
            notes: [
                "not checked: style (swift-format was not found on PATH)",
                "MC9: the hidden tests expected `SearchViewModel.queryChanged(_:)`; the submission renamed it",
            ])
    }

    /// Alice's nine commits over two days: one over the 300-line threshold, tests in three.
    static var aliceCommits: [CommitSummary] {
        let start = Date(timeIntervalSince1970: 1_767_625_200)  // 2026-01-05 15:00 UTC
        let commits: [(String, String, Double, Int, Bool)] = [
            ("1c0ffee", "Add the movie category enum with display titles", 0, 24, false),
            ("2b5e7a9", "Build category and search requests with the API key", 35, 38, false),
            ("4c7d2a1", "WIP decoding", 80, 52, false),
            ("5d8e3b2", "Decode the paged response and test a missing poster", 110, 412, true),
            ("6e9f4c3", "Map non-2xx responses to a typed error", 165, 31, false),
            ("7fa05d4", "Test error mapping for invalid JSON", 1_125, 45, true),
            ("8ab16e5", "Load posters through an in-memory cache", 1_170, 38, false),
            (
                "9b1e4f2",
                "Cancel the old poster load when a cell is rebound to another movie, and test it with a slow loader",
                1_230, 17, true
            ),
            ("a0c27f6", "Model the list states", 1_290, 60, false),
        ]
        return commits.map { hash, title, minutes, lines, tests in
            CommitSummary(
                hash: hash + String(repeating: "0", count: 33), title: title,
                authoredAt: start.addingTimeInterval(minutes * 60), lines: lines, touchesTests: tests)
        }
    }

    static var bob: GradeResult {
        let criteria = [
            CriterionResult(
                id: "MC1", title: "Categories", kind: .tests, score: 5, maxScore: 5, status: .passed, evidence: []),
            CriterionResult(
                id: "MC2", title: "Requests", kind: .tests, score: 10, maxScore: 10, status: .passed, evidence: []),
            CriterionResult(
                id: "history", title: "Clear git history", kind: .history, score: 10, maxScore: 10, status: .passed,
                evidence: ["14 commits, median 22 lines"]),
            CriterionResult(
                id: "ARCH", title: "Architecture and clarity", kind: .manual, score: 8, maxScore: 10,
                status: .partial, evidence: ["scored by the interviewer"]),
        ]
        let tests = [
            TestResult(
                name: "MC1Tests/test_MC1_categoriesInOrder", requirement: "MC1", status: .pass, taskId: 1, score: 5,
                maxScore: 5, duration: 0.011),
            TestResult(
                name: "MC2Tests/test_MC2_encodesAmpersand", requirement: "MC2", status: .pass, taskId: 2, score: 10,
                maxScore: 10, duration: 0.008),
        ]
        let history = HistorySummary(
            commits: 14, baseline: "3f2a9c1e5b7d4a60c9e8f1b2a3d4c5e6f7a8b9c0", medianLines: 22, maxLines: 140,
            shareOverThreshold: 0, daysWithCommits: 3, observations: [], problems: [])
        let manual = ManualItem(
            id: "ARCH", title: "Architecture and clarity", points: 10, checklist: ["Names say the role"],
            evidence: [], score: 8)
        return result(
            submission: "bob, the builder/movie-client", message: "passed: 33 of 35 points", criteria: criteria,
            tests: tests, findings: [],
            history: history, ownTests: nil, manualReview: [manual], followUpQuestions: [], notes: [])
    }

    /// A result whose score, status and verdict follow from its criteria (pass mark 70%).
    static func result(
        submission: String, message: String, criteria: [CriterionResult], tests: [TestResult], findings: [Finding],
        history: HistorySummary?, ownTests: OwnTestsSummary?, manualReview: [ManualItem], followUpQuestions: [String],
        notes: [String]
    ) -> GradeResult {
        let score = criteria.reduce(0) { $0 + $1.score }
        let maxScore = criteria.reduce(0) { $0 + $1.maxScore }
        let passed = score / maxScore * 100 >= 70
        return GradeResult(
            graderVersion: graderVersion, status: passed ? .pass : .fail,
            message: message,
            exercise: "movie-client", submission: submission, passed: passed, score: score, maxScore: maxScore,
            passPercent: 70, criteria: criteria, tests: tests, findings: findings, history: history,
            ownTests: ownTests, manualReview: manualReview, followUpQuestions: followUpQuestions, notes: notes)
    }
}

import Foundation
import GraderCore
import GraderHistory

/// A git repository in a temporary folder, committed to with real `git commit` and chosen dates
/// (GIT_AUTHOR_DATE / GIT_COMMITTER_DATE), for fixture histories.
final class GitFixture {
    let folder: URL
    private(set) var hashes: [String] = []

    /// Monday 5 January 2026, 09:00 UTC: the fixtures' baseline time.
    static let start = Date(timeIntervalSince1970: 1_767_603_600)
    /// The injected clock: a month after `start`.
    static let now = start.addingTimeInterval(30 * 86_400)

    init(initialize: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-history-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if initialize { try git("init", "--quiet", "--initial-branch=main") }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `grader new`'s baseline: the starter's files and the `Grader-Exercise` trailer.
    @discardableResult
    func baseline(exercise: String = "movie-client", date: Date = GitFixture.start) throws -> String {
        try commit(
            "Start the \(exercise) exercise\n\nGrader-Exercise: \(exercise)\nGrader-Version: 1.0.0",
            files: Self.starterFiles, date: date)
    }

    static let starterFiles = [
        "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
        "README.md": "# Movie client\n\nThe assignment.\n",
        "Sources/MovieClient/MovieClient.swift": "public struct MovieClient {}\n",
        "Tests/MovieClientTests/SampleTests.swift": "import XCTest\n",
    ]

    /// The starter's files in a temporary folder of their own (the caller removes it).
    static func writeStarter() throws -> URL {
        let starter = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-starter-\(UUID().uuidString.prefix(6))")
        for (path, content) in starterFiles {
            let url = starter.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        return starter
    }

    /// Writes `files` and commits them with `message`, authored at `date` (committed at `committerDate`).
    @discardableResult
    func commit(_ message: String, files: [String: String], date: Date, committerDate: Date? = nil) throws -> String {
        for (path, content) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try content.write(to: url, atomically: true, encoding: .utf8)
        }
        try git("add", "--all")
        try git(
            "commit", "--quiet", "--allow-empty", "--allow-empty-message", "--no-verify", "-m", message,
            environment: [
                "GIT_AUTHOR_DATE": Self.gitDate(date), "GIT_COMMITTER_DATE": Self.gitDate(committerDate ?? date),
            ])
        let hash = try git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        hashes.append(hash)
        return hash
    }

    /// `count` lines of Swift, different for every `seed`.
    static func lines(_ count: Int, seed: Int) -> String {
        (0..<count).map { "let value\(seed)_\($0) = \($0 * seed)" }.joined(separator: "\n") + "\n"
    }

    static func gitDate(_ date: Date) -> String { "@\(Int(date.timeIntervalSince1970)) +0000" }

    @discardableResult
    func git(_ arguments: String..., environment: [String: String] = [:]) throws -> String {
        let output = try ProcessRunner.live(
            ProcessRequest(
                "git", ["-C", folder.path] + arguments,
                environment: [
                    "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "LC_ALL": "C",
                    "GIT_AUTHOR_NAME": "Candidate", "GIT_AUTHOR_EMAIL": "candidate@example.invalid",
                    "GIT_COMMITTER_NAME": "Candidate", "GIT_COMMITTER_EMAIL": "candidate@example.invalid",
                ].merging(environment) { _, new in new }, timeout: 60))
        guard output.succeeded else {
            throw FixtureError(description: "git \(arguments.joined(separator: " ")) failed: \(output.stderr)")
        }
        return output.stdout
    }

    /// The analyzer with the fixtures' clock.
    static let analyzer = HistoryAnalyzer(now: { GitFixture.now })

    func analyze(
        baseline: String? = nil, exerciseID: String? = "movie-client", starter: URL? = nil,
        parameters: [String: JSONValue] = [:]
    ) -> HistoryReport {
        Self.analyzer.analyze(
            repository: folder, baseline: baseline, exerciseID: exerciseID, starter: starter, parameters: parameters)
    }

    static let criterion = Criterion(id: "history", title: "Clear git history", kind: .history, points: 10)

    static func score(_ report: HistoryReport, criterion: Criterion = GitFixture.criterion) -> CriterionResult {
        HistoryScoring.evaluate(criterion, report: report)
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// The fixture histories a reviewer would rank: each builds its repository and returns it.
enum FixtureHistories {
    static let hour: TimeInterval = 3600

    /// Everything in one commit: 600 lines, tests included, a decent message.
    static func singleDump() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.baseline()
        try repo.commit(
            "Implement the movie client",
            files: [
                "Sources/MovieClient/MovieClient.swift": GitFixture.lines(400, seed: 1),
                "Sources/MovieClient/ImageCache.swift": GitFixture.lines(120, seed: 2),
                "Tests/MovieClientTests/MovieClientTests.swift": GitFixture.lines(80, seed: 3),
            ], date: GitFixture.start.addingTimeInterval(4 * hour))
        return repo
    }

    static let goodTitles = [
        "Add the movie category enum with display titles", "Build category list requests with the API key",
        "Percent-encode search queries", "Decode the paged movie response", "Test decoding with a missing poster",
        "Map non-2xx responses to a typed error", "Surface TMDb's status message in errors",
        "Test error mapping for invalid JSON", "Deliver results on the main queue",
        "Build poster URLs without double slashes",
        "Load posters through an in-memory cache", "Share one fetch between requests for the same poster",
        "Test the poster cache hit path", "Cancel the old poster load when a cell is rebound",
        "Debounce search typing", "Cancel the in-flight search when the query changes",
        "Test that a stale search response is dropped", "Model list states: idle, loading, loaded, failed",
        "Build cell models with title, overview and poster", "Describe the architecture in the README",
    ]

    /// Twenty commits of 20–60 lines, good messages, tests along the way, over one working day.
    static func twentySmall(dayOffset: TimeInterval = 0) throws -> GitFixture {
        let repo = try GitFixture()
        try repo.baseline()
        for (number, title) in goodTitles.enumerated() {
            let isTest = title.hasPrefix("Test")
            let path =
                isTest
                ? "Tests/MovieClientTests/Feature\(number)Tests.swift" : "Sources/MovieClient/Feature\(number).swift"
            try repo.commit(
                title, files: [path: GitFixture.lines(20 + (number * 7) % 40, seed: number + 10)],
                date: GitFixture.start.addingTimeInterval(dayOffset + hour + Double(number) * 25 * 60))
        }
        return repo
    }

    /// Ten small commits, tests along the way, with "wip", "fix", "update"-style messages.
    static func wipMessages() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.baseline()
        let titles = [
            "wip", "fix", "update", "wip", "changes", "fix stuff", "update", "asdf", "fixup! wip", "more fixes",
        ]
        for (number, title) in titles.enumerated() {
            let path =
                number % 3 == 1
                ? "Tests/MovieClientTests/Feature\(number)Tests.swift" : "Sources/MovieClient/Feature\(number).swift"
            try repo.commit(
                title, files: [path: GitFixture.lines(30 + number * 3, seed: number + 50)],
                date: GitFixture.start.addingTimeInterval(hour + Double(number) * 20 * 60))
        }
        return repo
    }

    /// The twenty good commits, authored and committed a week before the baseline.
    static func backdated() throws -> GitFixture {
        try twentySmall(dayOffset: -7 * 86_400)
    }
}

/// Histories whose changed lines sit mostly in one commit (docs/history.md, "One dump"), and a fine-grained one
/// with a single legitimately larger commit, for comparison.
extension FixtureHistories {
    /// The app written in one commit (500 + 200 lines of code, 150 of tests): every dump fixture's middle.
    static let dumpFiles = [
        "Sources/MovieClient/MovieClient.swift": GitFixture.lines(500, seed: 1),
        "Sources/MovieClient/ImageCache.swift": GitFixture.lines(200, seed: 2),
        "Tests/MovieClientTests/MovieClientTests.swift": GitFixture.lines(150, seed: 3),
    ]

    /// The issue's example: the whole app in one commit, then a README touch-up (two commits, tests "in 1 of 2").
    static func appThenReadmeTouchUp() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.baseline()
        try repo.commit(
            "Implement the movie client", files: dumpFiles, date: GitFixture.start.addingTimeInterval(4 * hour))
        try repo.commit(
            "Explain how to run the demo in the README",
            files: ["README.md": "# Movie client\n\nThe assignment.\n\nRun `swift run Demo`.\n"],
            date: GitFixture.start.addingTimeInterval(5 * hour))
        return repo
    }

    /// One 850-line commit with six tiny ones around it (2–10 lines each, tests along the way, good messages,
    /// over an afternoon): seven commits, so the commit count alone looks fine.
    static func dumpBetweenTinyCommits() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.baseline()
        let steps: [(String, [String: String])] = [
            ("Add the movie category enum", ["Sources/MovieClient/Category.swift": GitFixture.lines(8, seed: 101)]),
            (
                "Test the category display titles",
                ["Tests/MovieClientTests/CategoryTests.swift": GitFixture.lines(6, seed: 102)]
            ),
            (
                "Read the API key from configuration",
                ["Sources/MovieClient/Configuration.swift": GitFixture.lines(5, seed: 103)]
            ),
            ("Implement the movie client", dumpFiles),
            ("Fix a typo in the README", ["README.md": "# Movie client\n\nThe assignment, done.\n"]),
            (
                "Rename the poster size constant",
                ["Sources/MovieClient/Configuration.swift": GitFixture.lines(5, seed: 104)]
            ),
            (
                "Test the configuration defaults",
                ["Tests/MovieClientTests/ConfigurationTests.swift": GitFixture.lines(4, seed: 105)]
            ),
        ]
        for (number, (title, files)) in steps.enumerated() {
            try repo.commit(title, files: files, date: GitFixture.start.addingTimeInterval(hour * Double(number + 1)))
        }
        return repo
    }

    /// A workspace made by hand from the starter (no manifest, no trailer): the starter's files in the first
    /// commit, the whole app in the second, then two tiny commits. With `starterComplete` false the first commit
    /// holds only the starter's package and code, and the dump adds the starter's README and sample test
    /// untouched beside the app: the dump then matches the starter's files better than the first commit does.
    static func dumpAfterTheStarter(starterComplete: Bool) throws -> GitFixture {
        let repo = try GitFixture()
        var starter = GitFixture.starterFiles
        var completion: [String: String] = [:]
        if !starterComplete {
            for path in ["README.md", "Tests/MovieClientTests/SampleTests.swift"] {
                completion[path] = starter.removeValue(forKey: path)
            }
        }
        try repo.commit("Start from the movie-client starter", files: starter, date: GitFixture.start)
        try repo.commit(
            "Implement the movie client",
            files: completion.merging(
                [
                    "Sources/MovieClient/MovieClientApp.swift": GitFixture.lines(700, seed: 4),
                    "Tests/MovieClientTests/MovieClientAppTests.swift": GitFixture.lines(150, seed: 5),
                ]) { first, _ in first },
            date: GitFixture.start.addingTimeInterval(4 * hour))
        try repo.commit(
            "Rename the poster size constant",
            files: ["Sources/MovieClient/Poster.swift": GitFixture.lines(4, seed: 6)],
            date: GitFixture.start.addingTimeInterval(5 * hour))
        try repo.commit(
            "Test the poster size constant",
            files: ["Tests/MovieClientTests/PosterTests.swift": GitFixture.lines(3, seed: 7)],
            date: GitFixture.start.addingTimeInterval(6 * hour))
        return repo
    }

    /// No commit before the work resembles the starter: a notes commit, then the starter's files and the whole
    /// app in one commit, then a tiny fix.
    static func starterArrivingWithTheApp() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.commit(
            "Add my interview notes", files: ["NOTES.md": "Plan: list, search, cache.\n"], date: GitFixture.start)
        try repo.commit(
            "Implement the movie client",
            files: GitFixture.starterFiles.merging([
                "Sources/MovieClient/MovieClientApp.swift": GitFixture.lines(700, seed: 4)
            ]) { first, _ in first },
            date: GitFixture.start.addingTimeInterval(4 * hour))
        try repo.commit(
            "Fix the poster size constant",
            files: ["Sources/MovieClient/Poster.swift": GitFixture.lines(4, seed: 6)],
            date: GitFixture.start.addingTimeInterval(5 * hour))
        return repo
    }

    /// The twenty good commits plus one 260-line feature commit in the middle: the largest holds about a quarter
    /// of the lines, which is no dump.
    static func twentySmallWithOneLargerFeature() throws -> GitFixture {
        let repo = try GitFixture()
        try repo.baseline()
        for (number, title) in goodTitles.enumerated() {
            let isTest = title.hasPrefix("Test")
            let path =
                isTest
                ? "Tests/MovieClientTests/Feature\(number)Tests.swift" : "Sources/MovieClient/Feature\(number).swift"
            try repo.commit(
                title, files: [path: GitFixture.lines(20 + (number * 7) % 40, seed: number + 10)],
                date: GitFixture.start.addingTimeInterval(hour + Double(number) * 25 * 60))
            if number == 9 {
                try repo.commit(
                    "Add the offline demo with bundled fixtures",
                    files: ["Sources/Demo/main.swift": GitFixture.lines(260, seed: 99)],
                    date: GitFixture.start.addingTimeInterval(hour + Double(number) * 25 * 60 + 600))
            }
        }
        return repo
    }
}

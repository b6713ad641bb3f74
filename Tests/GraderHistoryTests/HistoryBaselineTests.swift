import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// Finding the commit the candidate's work starts from.
final class HistoryBaselineTests: XCTestCase {
    func testManifestBaselineIsUsed() throws {
        let repo = try FixtureHistories.wipMessages()
        let report = repo.analyze(baseline: repo.hashes[3], exerciseID: nil)
        XCTAssertEqual(report.baselineSource, .manifest)
        XCTAssertEqual(report.baseline, repo.hashes[3])
        XCTAssertEqual(report.commits.count, 7)
        XCTAssertEqual(report.descendsFromBaseline, true)
        // An abbreviated hash works too.
        XCTAssertEqual(repo.analyze(baseline: String(repo.hashes[3].prefix(10))).commits.count, 7)
    }

    func testBaselineFoundByTrailer() throws {
        let repo = try GitFixture()
        try repo.commit(
            "Initial commit", files: ["notes.txt": "scratch\n"], date: GitFixture.start.addingTimeInterval(-60))
        let baseline = try repo.baseline()
        for number in 1...3 {
            try repo.commit(
                "Add feature number \(number)", files: ["Sources/F\(number).swift": GitFixture.lines(10, seed: number)],
                date: GitFixture.start.addingTimeInterval(Double(number) * 900))
        }
        let report = repo.analyze(exerciseID: "movie-client")
        XCTAssertEqual(report.baselineSource, .trailer)
        XCTAssertEqual(report.baseline, baseline)
        XCTAssertEqual(report.commits.count, 3)
        // Another exercise's trailer is no baseline for this one.
        XCTAssertEqual(repo.analyze(exerciseID: "facts-feed").baselineSource, .root)
    }

    func testBaselineFoundByStarterTree() throws {
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        let repo = try GitFixture()
        try repo.commit("Add a README", files: ["README.md": "# Movie client\n"], date: GitFixture.start)
        let matching = try repo.commit(
            "Copy the starter in", files: GitFixture.starterFiles, date: GitFixture.start.addingTimeInterval(60))
        try repo.git("mv", "README.md", "ABOUT.md")
        try repo.commit("Rename the README", files: [:], date: GitFixture.start.addingTimeInterval(600))
        try repo.commit(
            "Add the request builder", files: ["Sources/MovieClient/Request.swift": GitFixture.lines(20, seed: 4)],
            date: GitFixture.start.addingTimeInterval(1200))
        let report = repo.analyze(exerciseID: "movie-client", starter: starter)
        XCTAssertEqual(report.baselineSource, .starter)
        XCTAssertEqual(report.baseline, matching)
        XCTAssertEqual(report.commits.count, 2)
        XCTAssertEqual(report.problems, [])
    }

    func testNoBaselineFallsBackToTheRootWithANote() throws {
        let repo = try GitFixture()
        try repo.commit("Initial commit", files: ["README.md": "hello\n"], date: GitFixture.start)
        try repo.commit(
            "Add the list screen model", files: ["Sources/A.swift": "a\n"],
            date: GitFixture.start.addingTimeInterval(600))
        let report = repo.analyze(exerciseID: "movie-client")
        XCTAssertEqual(report.baselineSource, .root)
        XCTAssertEqual(report.commits.count, 1)
        XCTAssert(report.problems.first?.hasPrefix("no baseline recorded or found") == true)
        XCTAssert(
            GitFixture.score(report).evidence.contains { $0.contains("the root commit: no recorded baseline found") })
    }

    func testHistoryNotDescendingFromTheRecordedBaselineIsFlagged() throws {
        let repo = try FixtureHistories.twentySmall()
        let report = repo.analyze(baseline: "0123456789abcdef0123456789abcdef01234567")
        XCTAssertEqual(report.descendsFromBaseline, false)
        XCTAssertEqual(report.baselineSource, .trailer)
        XCTAssertEqual(report.commits.count, 20)
        let assessment = HistoryAssessment(report: report, parameters: HistoryParameters())
        XCTAssertEqual(assessment.integrityIssues.map(\.kind), [.notDescended])
        XCTAssert(
            report.summary.observations.contains(
                "not-descended: HEAD does not descend from the recorded baseline 0123456"))
    }

    func testBaselineOnASideBranchIsAnAncestor() throws {
        let repo = try GitFixture()
        try repo.commit("Initial commit", files: ["README.md": "hello\n"], date: GitFixture.start)
        try repo.git("checkout", "--quiet", "-b", "side")
        let side = try repo.commit(
            "Side work", files: ["Side.swift": "s\n"], date: GitFixture.start.addingTimeInterval(60))
        try repo.git("checkout", "--quiet", "main")
        try repo.commit(
            "Main work on the list", files: ["Main.swift": "m\n"], date: GitFixture.start.addingTimeInterval(120))
        try repo.git(
            "merge", "--quiet", "--no-ff", "-m", "Merge the side branch", "side",
            environment: [
                "GIT_AUTHOR_DATE": GitFixture.gitDate(GitFixture.start.addingTimeInterval(180)),
                "GIT_COMMITTER_DATE": GitFixture.gitDate(GitFixture.start.addingTimeInterval(180)),
            ])
        let report = repo.analyze(baseline: side, exerciseID: nil)
        XCTAssertEqual(report.descendsFromBaseline, true)
        XCTAssertEqual(report.baselineSource, .manifest)
        XCTAssertEqual(report.commits.map(\.title), ["Main work on the list", "Merge the side branch"])
    }
}

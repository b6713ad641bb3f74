import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// The result's `history.commit_log`: one entry per commit after the baseline, what the HTML report charts.
final class HistoryCommitLogTests: XCTestCase {
    func testEachCommitAfterTheBaselineIsLoggedWithItsDateSizeAndTitle() throws {
        let repo = try FixtureHistories.twentySmall()
        let summary = repo.analyze().summary
        let log = try XCTUnwrap(summary.commitLog)
        XCTAssertEqual(log.count, 20)
        XCTAssertEqual(log.map(\.title), FixtureHistories.goodTitles)
        XCTAssertEqual(log.map(\.hash), Array(repo.hashes.dropFirst()))
        XCTAssertEqual(log.map(\.lines), (0..<20).map { 20 + ($0 * 7) % 40 })
        XCTAssertEqual(log.map(\.touchesTests), FixtureHistories.goodTitles.map { $0.hasPrefix("Test") })
        XCTAssertEqual(log[0].authoredAt, CommitSummary.timestamp(GitFixture.start.addingTimeInterval(3600)))
        XCTAssertEqual(log[1].authorDate, GitFixture.start.addingTimeInterval(3600 + 25 * 60))
        XCTAssertTrue(log.allSatisfy { $0.sizeUnknown == nil })
        XCTAssertEqual(log.map(\.lines).max(), summary.maxLines)
    }

    func testTimestampsAreUTCInISO8601() {
        XCTAssertEqual(CommitSummary.timestamp(Date(timeIntervalSince1970: 1_767_603_600)), "2026-01-05T09:00:00Z")
        var summary = CommitSummary(hash: "a", title: "t", authoredAt: Date(), lines: 1, touchesTests: false)
        summary.authoredAt = "yesterday"
        XCTAssertNil(summary.authorDate, "a hand-edited date is no date")
    }

    func testNoCommitsNoLog() throws {
        let repo = try GitFixture()
        let baseline = try repo.baseline()
        XCTAssertNil(repo.analyze(baseline: baseline).summary.commitLog)
        let unread = try GitFixture(initialize: false)
        XCTAssertNil(unread.analyze().summary.commitLog)
    }

    func testALongHistoryLogsItsFirstCommitsAndALongTitleIsCut() {
        let commits = (0..<(HistorySummary.commitLogLimit + 20)).map { index in
            CommitInfo(
                hash: String(format: "%040x", index), parents: [], authorDate: Date(timeIntervalSince1970: 0),
                committerDate: Date(timeIntervalSince1970: 0), authorDay: "1970-01-01",
                message: String(repeating: "x", count: 300) + "\n\nbody", files: [])
        }
        let log = HistoryAnalyzer.commitLog(commits) ?? []
        XCTAssertEqual(log.count, HistorySummary.commitLogLimit)
        XCTAssertEqual(log.last?.hash, commits[HistorySummary.commitLogLimit - 1].hash)
        XCTAssertEqual(log[0].title.count, CommitSummary.titleLimit)
    }

    func testAResultWithoutALogStillDecodes() throws {
        let json = #"""
            {"commits": 2, "median_lines": 10, "max_lines": 12, "share_over_threshold": 0, "days_with_commits": 1,
             "observations": [], "problems": []}
            """#
        let summary = try GradeResult.makeDecoder().decode(HistorySummary.self, from: Data(json.utf8))
        XCTAssertEqual(summary.commits, 2)
        XCTAssertNil(summary.commitLog)
    }

    func testTheLogRoundTripsWithSnakeCaseKeys() throws {
        var summary = try FixtureHistories.twentySmall().analyze().summary
        summary.commitLog?[0].sizeUnknown = true
        let data = try GradeResult.makeEncoder().encode(summary)
        let text = String(decoding: data, as: UTF8.self)
        for key in ["\"commit_log\"", "\"authored_at\"", "\"touches_tests\"", "\"size_unknown\"", "\"lines\""] {
            XCTAssertTrue(text.contains(key), key)
        }
        XCTAssertEqual(try GradeResult.makeDecoder().decode(HistorySummary.self, from: data), summary)
    }
}

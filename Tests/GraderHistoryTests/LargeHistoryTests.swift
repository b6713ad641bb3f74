import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// A 5,000-commit history, read by one git log: correct figures (timing is bench/history.sh's business).
final class LargeHistoryTests: XCTestCase {
    func testFiveThousandCommitSyntheticRepository() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-history-5000-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = SyntheticRepository.generatedHistory(
            commits: 5000, fileCount: 40, linesPerCommit: 10, testEvery: 5)
        try SyntheticRepository.create(at: folder, commits: history, checkout: false)

        let start = history[0].authorDate
        let analyzer = HistoryAnalyzer(now: { start.addingTimeInterval(100 * 86_400) })
        let began = Date()
        let report = analyzer.analyze(
            repository: folder, baseline: nil, exerciseID: "movie-client", starter: nil, parameters: [:])
        // Reported, never asserted: bench/history.sh measures against the 5 s target.
        print(String(format: "analysed 5,000 commits in %.2f s", Date().timeIntervalSince(began)))
        let summary = report.summary
        XCTAssertEqual(report.baselineSource, .trailer)
        XCTAssertEqual(summary.commits, 5000)
        // Each file's first commit adds 10 lines; every later one replaces them: 10 added + 10 deleted.
        XCTAssertEqual(summary.medianLines, 20)
        XCTAssertEqual(summary.maxLines, 20)
        XCTAssertEqual(report.commits.filter { $0.linesChanged == 10 }.count, 40)
        XCTAssertEqual(summary.shareOverThreshold, 0)
        XCTAssertEqual(summary.testCommits, 1000)
        XCTAssertEqual(summary.firstTestCommit, 5)
        // One commit every 10 minutes from 1 January 2026 00:00 UTC: 5,000 commits span 35 calendar days.
        XCTAssertEqual(summary.daysWithCommits, 35)
        XCTAssertEqual(summary.problems, [])
        XCTAssertEqual(summary.flaggedMessages, 0)
        XCTAssertEqual(HistoryScoring.evaluate(GitFixture.criterion, report: report).score, 10)
    }
}

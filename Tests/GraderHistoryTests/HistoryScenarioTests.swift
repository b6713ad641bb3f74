import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// The fixture histories a reviewer would rank, scored as the rubric would.
final class HistoryScenarioTests: XCTestCase {
    func testScoresOrderHistoriesAsAReviewerWould() throws {
        let twenty = GitFixture.score(try FixtureHistories.twentySmall().analyze())
        let wip = GitFixture.score(try FixtureHistories.wipMessages().analyze())
        let dump = GitFixture.score(try FixtureHistories.singleDump().analyze())
        let backdated = GitFixture.score(try FixtureHistories.backdated().analyze())
        print(
            "history scores: twenty-small \(twenty.score), wip-messages \(wip.score), single-dump \(dump.score), "
                + "backdated \(backdated.score) (out of \(GitFixture.criterion.points))")
        XCTAssertGreaterThan(twenty.score, wip.score)
        XCTAssertGreaterThan(wip.score, dump.score)
        XCTAssertLessThan(backdated.score, twenty.score)
        XCTAssertGreaterThanOrEqual(twenty.score, 9)
        XCTAssertLessThanOrEqual(dump.score, 2.5)
        XCTAssert((3...8).contains(wip.score), "wip messages score in between: \(wip.score)")
        XCTAssert(backdated.evidence.contains { $0.hasPrefix("integrity: backdated: 20 commits authored before") })
    }

    func testTwentySmallCommitsOverADay() throws {
        let repo = try FixtureHistories.twentySmall()
        let report = repo.analyze()
        let summary = report.summary
        XCTAssertEqual(summary.commits, 20)
        XCTAssertEqual(summary.baseline, repo.hashes[0])
        XCTAssertEqual(summary.baselineSource, "trailer")
        XCTAssertEqual(summary.maxLines, 59)
        XCTAssertEqual(summary.shareOverThreshold, 0)
        XCTAssertEqual(summary.daysWithCommits, 1)
        XCTAssertEqual(summary.flaggedMessages, 0)
        XCTAssertEqual(summary.testCommits, 4)
        XCTAssertEqual(summary.firstTestCommit, 5)
        XCTAssertEqual(summary.problems, [])

        let result = GitFixture.score(report)
        XCTAssertEqual(result.status, .passed)
        XCTAssertEqual(result.score, 10)
        XCTAssertEqual(
            result.evidence.first,
            "20 commits; median \(Int(summary.medianLines)) lines, largest 59 (\(repo.hashes[18].prefix(7))); 0% over 200"
        )
        XCTAssert(result.evidence.contains("process: tests in 4 of 20 commits, first in commit 5; 1 day with commits"))
        XCTAssert(result.evidence.contains("integrity: no backdated, future, out-of-order or duplicate timestamps"))
        XCTAssert(
            result.evidence.contains("sub-scores: size 1.00, messages 1.00, process 1.00, integrity ×1.00 → 100%"))
    }

    func testSingleDumpCommitScoresLow() throws {
        let repo = try FixtureHistories.singleDump()
        let report = repo.analyze()
        XCTAssertEqual(report.summary.commits, 1)
        XCTAssertEqual(report.summary.medianLines, 601)  // 400 + 120 + 80 added, the starter's 1 line deleted
        XCTAssertEqual(report.summary.maxLines, 601)
        XCTAssertEqual(report.summary.shareOverThreshold, 1)
        let result = GitFixture.score(report)
        XCTAssertEqual(result.status, .partial)
        XCTAssertEqual(
            result.evidence.first, "1 commit; median 601 lines, largest 601; 100% over 200; fewer than 5 commits")
        XCTAssert(
            result.evidence.contains(
                "process: tests in 1 of 1 commits, first in commit 1; tests only in the dump: counted as at the end; "
                    + "1 day with commits"), "\(result.evidence)")
    }

    func testWipFixUpdateMessagesAreFlagged() throws {
        let repo = try FixtureHistories.wipMessages()
        let report = repo.analyze()
        XCTAssertEqual(report.summary.commits, 10)
        XCTAssertEqual(report.summary.flaggedMessages, 10)
        let result = GitFixture.score(report)
        let short = repo.hashes[1].prefix(7)
        XCTAssert(
            result.evidence.contains {
                $0
                    == "10 messages flagged: T5/T8/one-word 'wip' (\(short)), T8/one-word 'fix' (\(repo.hashes[2].prefix(7))), "
                    + "one-word 'update' (\(repo.hashes[3].prefix(7))), T5/T8/one-word/duplicate 'wip' (\(repo.hashes[4].prefix(7))), "
                    + "one-word 'changes' (\(repo.hashes[5].prefix(7))), and 5 more"
            },
            "\(result.evidence)")
        XCTAssert(report.summary.observations.contains("T5 'fixup!' in 'fixup! wip' (\(repo.hashes[9].prefix(7)))"))
        XCTAssert(report.summary.observations.contains("vague 'fix stuff' (\(repo.hashes[6].prefix(7)))"))
        XCTAssert(report.summary.observations.contains("duplicate 'update' (\(repo.hashes[7].prefix(7)))"))
    }

    func testBackdatedHistoryIsFlaggedAndPenalised() throws {
        let report = try FixtureHistories.backdated().analyze()
        let assessment = HistoryAssessment(report: report, parameters: HistoryParameters())
        XCTAssertEqual(assessment.integrityIssues.map(\.kind), [.backdated])
        XCTAssertEqual(assessment.integrity, 0.5)
        XCTAssertEqual(GitFixture.score(report).score, 5)
        XCTAssert(
            report.summary.observations.contains {
                $0.hasPrefix("backdated: 20 commits authored before the baseline (2026-01-05)")
            })
    }

    func testFutureOutOfOrderAndDuplicateTimestampsAreFlagged() throws {
        let repo = try GitFixture()
        try repo.baseline()
        let start = GitFixture.start
        try repo.commit(
            "Add the request builder", files: ["Sources/A.swift": "a\n"], date: start.addingTimeInterval(3600))
        try repo.commit(
            "Add the decoder for pages", files: ["Sources/B.swift": "b\n"], date: start.addingTimeInterval(1800))
        try repo.commit(
            "Add the image cache type", files: ["Sources/C.swift": "c\n"], date: start.addingTimeInterval(1800))
        try repo.commit(
            "Add the search debouncer", files: ["Sources/D.swift": "d\n"],
            date: GitFixture.now.addingTimeInterval(86_400))
        let assessment = HistoryAssessment(report: repo.analyze(), parameters: HistoryParameters())
        let kinds = assessment.integrityIssues.map(\.kind)
        XCTAssertEqual(kinds, [.future, .outOfOrder, .duplicateTimestamps])
        XCTAssertEqual(assessment.integrityIssues[1].commits, [String(repo.hashes[2].prefix(7))])
        XCTAssertEqual(assessment.integrityIssues[2].commits, [String(repo.hashes[3].prefix(7))])
    }

    func testOneDumpReplayedInAMinuteScoresLowOnProcess() throws {
        let start = GitFixture.start
        var commits = [
            SyntheticCommit(
                message: "Start\n\nGrader-Exercise: movie-client\n", date: start, files: ["README.md": "x\n"])
        ]
        for number in 1...12 {
            commits.append(
                SyntheticCommit(
                    message: "Add feature number \(number)", date: start.addingTimeInterval(3600 + Double(number) * 4),
                    files: ["Sources/F\(number).swift": GitFixture.lines(30, seed: number)]))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-history-replay-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try SyntheticRepository.create(at: folder, commits: commits)
        let report = GitFixture.analyzer.analyze(
            repository: folder, baseline: nil, exerciseID: "movie-client", starter: nil, parameters: [:])
        let assessment = HistoryAssessment(report: report, parameters: HistoryParameters())
        XCTAssertEqual(assessment.replay, .authoredAtOnce(commits: 12, seconds: 44))
        XCTAssertEqual(assessment.process, 0)
        XCTAssert(assessment.processLine.contains("all 12 commits authored within 44 s: one dump replayed"))

        // Spread author dates, committed all at once (a replay or a rebase): flagged, a milder cost.
        commits = commits.enumerated().map { number, commit in
            var commit = commit
            commit.authorDate = start.addingTimeInterval(Double(number) * 1800)
            commit.committerDate = start.addingTimeInterval(10 * 3600 + Double(number))
            return commit
        }
        let rebased = folder.appendingPathComponent("rebased")
        try SyntheticRepository.create(at: rebased, commits: commits)
        let second = HistoryAssessment(
            report: GitFixture.analyzer.analyze(
                repository: rebased, baseline: nil, exerciseID: nil, starter: nil, parameters: [:]),
            parameters: HistoryParameters())
        XCTAssertEqual(second.replay, .committedAtOnce(commits: 12, authoredSeconds: 11 * 1800, committedSeconds: 11))
    }

    func testParametersChangeThresholds() throws {
        let report = try FixtureHistories.twentySmall().analyze(parameters: ["max_commit_lines": .number(40)])
        XCTAssertEqual(report.summary.maxCommitLines, 40)
        XCTAssertGreaterThan(report.summary.shareOverThreshold, 0)
        let strict = Criterion(
            id: "history", title: "History", kind: .history, points: 10,
            parameters: ["max_commit_lines": .number(40), "max_title_length": .number(30)])
        let result = HistoryScoring.evaluate(strict, report: report)
        XCTAssertLessThan(result.score, 10)
        XCTAssert(result.evidence.contains { $0.contains("T1 ") })
    }
}

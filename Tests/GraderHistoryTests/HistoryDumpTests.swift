import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// Judged by lines, not by commit count (SPEC §7): a history whose changed lines sit mostly in one commit scores at
/// most 40% of the history points, however many tiny commits surround it, and the evidence names that commit.
final class HistoryDumpTests: XCTestCase {
    /// The evidence line naming the dump: its hash, title and share of the changed lines.
    private func dumpLine(_ result: CriterionResult) -> String? {
        result.evidence.first { $0.hasPrefix("one commit holds ") }
    }

    /// The changed lines of the commit titled `title` and of all commits, as the figures count them.
    private func lines(of title: String, in report: HistoryReport) throws -> (commit: CommitInfo, total: Int) {
        let commit = try XCTUnwrap(report.commits.first { $0.title == title })
        return (commit, report.commits.reduce(0) { $0 + $1.linesChanged })
    }

    private func expectedDumpPrefix(_ commit: CommitInfo, total: Int) -> String {
        let percent = Figures.percent((Double(commit.linesChanged) / Double(total) * 1000).rounded() / 10)
        return "one commit holds \(percent) of the changed lines: \(commit.shortHash) '\(commit.title)', "
            + "\(commit.linesChanged) of \(total) lines"
    }

    // MARK: Shape 1: one dump with tiny commits around it

    func testDumpBetweenTinyCommitsScoresAtMostFortyPercent() throws {
        let repo = try FixtureHistories.dumpBetweenTinyCommits()
        let report = repo.analyze()
        XCTAssertEqual(report.summary.commits, 7)
        XCTAssertEqual(report.summary.flaggedMessages, 0)
        let (dump, total) = try lines(of: "Implement the movie client", in: report)
        XCTAssertEqual(dump.linesChanged, 851)  // 500 + 200 + 150 added, the starter's 1 line deleted
        XCTAssertEqual(total, 886)  // the six tiny commits change 8 + 6 + 5 + 2 + 10 + 4 lines
        XCTAssertEqual(dump.hash, repo.hashes[4])

        let assessment = HistoryAssessment(report: report, parameters: HistoryParameters())
        let found = try XCTUnwrap(assessment.dump)
        XCTAssertEqual(found.commit, dump.shortHash)
        XCTAssertEqual(found.lines, 851)
        XCTAssertEqual(found.totalLines, 886)
        // Size and pacing are the share of lines outside the dump; tests along the way still count (commit 2).
        XCTAssertEqual(assessment.size, 35.0 / 886, accuracy: 1e-9)
        XCTAssertEqual(assessment.process, 0.5 + 0.5 * 35.0 / 886, accuracy: 1e-9)
        XCTAssertEqual(assessment.messages, 1)
        XCTAssertEqual(
            assessment.uncappedFraction, 0.4 * 35.0 / 886 + 0.3 + 0.3 * (0.5 + 0.5 * 35.0 / 886), accuracy: 1e-9)
        XCTAssertEqual(assessment.fraction, 0.4)

        let result = GitFixture.score(report)
        XCTAssertEqual(result.score, 4)
        let line = try XCTUnwrap(dumpLine(result), "\(result.evidence)")
        XCTAssertEqual(
            line,
            "one commit holds 96% of the changed lines: \(dump.shortHash) 'Implement the movie client', 851 of 886 "
                + "lines (over 60% is a dump): size and pacing at most 0.04, score at most 40%")
        XCTAssert(
            result.evidence.contains(
                "process: tests in 3 of 7 commits, first in commit 2; outside the dump first in commit 2; "
                    + "1 day with commits"), "\(result.evidence)")
        XCTAssertEqual(result.evidence[1], line, "the dump line follows the size line")
        XCTAssert(
            result.evidence.contains(
                "sub-scores: size 0.04, messages 1.00, process 0.52, integrity ×1.00 → 40% (47% capped: one dump)"),
            "\(result.evidence)")
        XCTAssert(report.summary.observations.contains(line), "the history block carries the dump line too")
    }

    /// The example: today's rules gave it 50% ("tests in 1 of 2 commits" earned full process marks).
    func testAppThenReadmeTouchUpLosesTheProcessMarks() throws {
        let report = try FixtureHistories.appThenReadmeTouchUp().analyze()
        let (dump, total) = try lines(of: "Implement the movie client", in: report)
        XCTAssertEqual(total, 853)
        let assessment = HistoryAssessment(report: report, parameters: HistoryParameters())
        XCTAssertEqual(assessment.dump?.commit, dump.shortHash)
        // Tests only in the dump count as tests at the end (0.3); pacing is the 2 lines of 853 outside it.
        XCTAssertEqual(assessment.process, 0.5 * 0.3 + 0.5 * 2.0 / 853, accuracy: 1e-9)
        let result = GitFixture.score(report)
        XCTAssertEqual(result.score, 1.66)
        XCTAssertEqual(
            dumpLine(result),
            "one commit holds 99.8% of the changed lines: \(dump.shortHash) 'Implement the movie client', 851 of "
                + "853 lines (over 60% is a dump): size and pacing at most 0.00, score at most 40%")
        XCTAssert(
            result.evidence.contains(
                "process: tests in 1 of 2 commits, first in commit 1; tests only in the dump: counted as at the end; "
                    + "1 day with commits"), "\(result.evidence)")
    }

    func testSingleDumpIsADumpAndKeepsItsScore() throws {
        let report = try FixtureHistories.singleDump().analyze()
        let result = GitFixture.score(report)
        XCTAssertEqual(result.score, 1.05, "already below the cap: unchanged")
        XCTAssertNotNil(dumpLine(result))
    }

    // MARK: Shape 2: a dump as the second commit of a starter workspace

    func testDumpAfterAWholeStarterIsMeasuredFromTheStarter() throws {
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        let repo = try FixtureHistories.dumpAfterTheStarter(starterComplete: true)
        let report = repo.analyze(exerciseID: "movie-client", starter: starter)
        XCTAssertEqual(report.baselineSource, .starter)
        XCTAssertEqual(report.baseline, repo.hashes[0])
        XCTAssertEqual(report.commits.map(\.title).first, "Implement the movie client")
        let result = GitFixture.score(report)
        XCTAssertLessThanOrEqual(result.score, 4)
        // 3 commits (enough 0.6); 7 of 857 lines outside the dump; tests outside it only in the last commit (0.3):
        // 10 × (0.4 × 0.6 × 7/857 + 0.3 × 0.6 + 0.3 × (0.5 × 0.3 + 0.5 × 7/857)) = 2.28 (today 6.01).
        XCTAssertEqual(result.score, 2.28)
        XCTAssertEqual(report.problems, [])
        XCTAssertEqual(
            dumpLine(result)?.hasPrefix(expectedDumpPrefix(report.commits[0], total: 857)), true, "\(result.evidence)")
    }

    /// The dump completes the starter (its README and sample test, untouched) and so matches the starter's files
    /// better (4 of 6 paths) than the first commit (2 of 4): the baseline must still come before the work.
    func testDumpThatMatchesTheStarterBetterIsNeverTheBaseline() throws {
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        let repo = try FixtureHistories.dumpAfterTheStarter(starterComplete: false)
        let locator = BaselineLocator(
            git: GitCommand(
                runner: .live, gitDirectory: repo.folder.appendingPathComponent(".git"), workTree: repo.folder))
        let measures = try XCTUnwrap(locator.measure(try loggedCommits(repo), starter: starter))
        XCTAssertEqual(
            measures.map { ($0.similarity * 100).rounded() }, [50, 67, 57, 50], "the dump resembles the starter most")
        // The starter's files the dump adds untouched are not its own lines; the app's 700 + 150 are.
        XCTAssertEqual(measures.map(\.workLines), [0, 850, 4, 3])

        let report = repo.analyze(exerciseID: "movie-client", starter: starter)
        XCTAssertEqual(report.baselineSource, .starter)
        XCTAssertEqual(report.baseline, repo.hashes[0], "the commit before the work, not the dump")
        XCTAssertEqual(report.commits.count, 3)
        let (dump, total) = try lines(of: "Implement the movie client", in: report)
        XCTAssertEqual(dump.hash, repo.hashes[1])
        XCTAssertEqual(total, 861)
        let result = GitFixture.score(report)
        XCTAssertLessThanOrEqual(result.score, 4)
        XCTAssertEqual(result.score, 2.28, "today: 4.75, measured after the dump")
        XCTAssertEqual(dumpLine(result)?.hasPrefix(expectedDumpPrefix(dump, total: total)), true, "\(result.evidence)")
        XCTAssert(
            result.evidence.contains("baseline \(repo.hashes[0].prefix(7)) (the commit matching the starter's files)"))
    }

    /// The first commit resembling the starter already holds the app: no commit before the work matches, so the
    /// baseline is uncertain and the dump is measured from the commit before it.
    func testStarterArrivingWithTheAppMakesTheBaselineUncertain() throws {
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        let repo = try FixtureHistories.starterArrivingWithTheApp()
        let report = repo.analyze(exerciseID: "movie-client", starter: starter)
        XCTAssertEqual(report.baselineSource, .uncertain)
        XCTAssertEqual(report.baseline, repo.hashes[0])
        XCTAssertEqual(report.commits.map(\.hash), Array(repo.hashes[1...]))
        let problem =
            "baseline uncertain: \(repo.hashes[1].prefix(7)), the first commit matching the starter's files, already "
            + "adds 700 lines of its own (over 20): measured from the commit before it"
        XCTAssertEqual(report.problems, [problem])
        XCTAssertEqual(report.summary.baselineSource, "uncertain")
        let result = GitFixture.score(report)
        XCTAssert(result.evidence.contains("could not check: \(problem)"), "\(result.evidence)")
        XCTAssert(
            result.evidence.contains(
                "baseline \(repo.hashes[0].prefix(7)) (uncertain: the commit before the first one matching the starter's files)"
            ))
        XCTAssertNotNil(dumpLine(result))
        XCTAssertLessThanOrEqual(result.score, 4)

        // The same dump as the root commit: nothing comes before it, so every commit counts, the root included.
        let root = try GitFixture()
        try root.commit(
            "Implement the movie client",
            files: GitFixture.starterFiles.merging(["Sources/MovieClient/App.swift": GitFixture.lines(300, seed: 8)]) {
                first, _ in first
            }, date: GitFixture.start)
        try root.commit(
            "Fix the poster size constant", files: ["Sources/MovieClient/Poster.swift": GitFixture.lines(4, seed: 6)],
            date: GitFixture.start.addingTimeInterval(hour))
        let rootReport = root.analyze(exerciseID: "movie-client", starter: starter)
        XCTAssertEqual(rootReport.baselineSource, .uncertain)
        XCTAssertNil(rootReport.baseline)
        XCTAssertEqual(rootReport.commits.map(\.hash), root.hashes)
        XCTAssertEqual(
            rootReport.problems,
            [
                "baseline uncertain: \(root.hashes[0].prefix(7)), the root commit, matches the starter's files but "
                    + "already adds 300 lines of its own (over 20): every commit counted, the root included"
            ])
        XCTAssert(
            GitFixture.score(rootReport).evidence.contains(
                "baseline uncertain: every commit counted, the root included"))
    }

    /// A starter file created with more than the starter's lines (the stub filled in) counts the lines beyond
    /// the starter's; a file set back to the starter's content counts none; any other change counts in full.
    func testOwnLinesAreWhatIsNotTheStarters() throws {
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        let repo = try GitFixture()
        let files = GitFixture.starterFiles
        try repo.commit(
            "Add the package", files: ["Package.swift": files["Package.swift"] ?? "", "README.md": "# Notes\n"],
            date: GitFixture.start)
        try repo.commit(
            "Fill in the client",
            files: [
                "Sources/MovieClient/MovieClient.swift": GitFixture.lines(40, seed: 9),
                "README.md": files["README.md"] ?? "",
            ], date: GitFixture.start.addingTimeInterval(hour))
        try repo.commit(
            "Rewrite the README", files: ["README.md": "# Movie client\n\nDone.\n"],
            date: GitFixture.start.addingTimeInterval(2 * hour))
        let locator = BaselineLocator(
            git: GitCommand(
                runner: .live, gitDirectory: repo.folder.appendingPathComponent(".git"), workTree: repo.folder))
        let measures = try XCTUnwrap(locator.measure(try loggedCommits(repo), starter: starter))
        // 1 line of "# Notes" (README.md exists in the starter, created with other content: 3 lines allowed);
        // 40 − 1 lines beyond the starter's one-line client, the README set back to the starter's counts none;
        // the rewritten README's added line in full (deleted lines are never
        // work).
        XCTAssertEqual(measures.map(\.workLines), [0, 39, 1])
    }

    func testTheBaselineIsTheBestMatchBeforeTheFirstWork() {
        typealias Measure = BaselineLocator.Measure
        func choose(_ pairs: [(Double, Int)]) -> BaselineLocator.StarterMatch? {
            BaselineLocator.choose(
                pairs.map { Measure(similarity: $0.0, workLines: $0.1) }, minimumSimilarity: 0.2, workLines: 20)
        }
        // A template before the starter is not work; the dump's better match comes too late.
        XCTAssertEqual(choose([(0, 300), (0.9, 5), (0.8, 10), (1, 900)]), .baseline(index: 1, similarity: 0.9))
        // Ties go to the earliest; commits of up to 20 lines of their own are not yet work.
        XCTAssertEqual(choose([(0.5, 0), (0.5, 20), (0.4, 21)]), .baseline(index: 0, similarity: 0.5))
        XCTAssertEqual(choose([(0.3, 0), (0.6, 20), (0.9, 21)]), .baseline(index: 1, similarity: 0.6))
        XCTAssertEqual(choose([(0, 5), (0.7, 700), (0.6, 4)]), .uncertain(index: 1, workLines: 700))
        XCTAssertNil(choose([(0.1, 0), (0.19, 900)]), "nothing resembles the starter")
    }

    func testBaselineWorkLinesIsARubricParameter() throws {
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        let repo = try FixtureHistories.starterArrivingWithTheApp()
        // With 700 lines allowed before a commit counts as work, the dump may be the baseline again.
        let report = repo.analyze(
            exerciseID: "movie-client", starter: starter, parameters: ["baseline_work_lines": .number(700)])
        XCTAssertEqual(report.baselineSource, .starter)
        XCTAssertEqual(report.baseline, repo.hashes[1])
    }

    // MARK: Shape 3: fine-grained histories score as before

    func testFineGrainedHistoriesAreNoDumpAndScoreAsBefore() throws {
        let twenty = try FixtureHistories.twentySmall().analyze()
        let twentyResult = GitFixture.score(twenty)
        XCTAssertNil(HistoryAssessment(report: twenty, parameters: HistoryParameters()).dump)
        XCTAssertEqual(twentyResult.score, 10)
        XCTAssertNil(dumpLine(twentyResult))

        // One 260-line commit among twenty small ones: over max_commit_lines, yet about a quarter of the lines.
        let larger = try FixtureHistories.twentySmallWithOneLargerFeature().analyze()
        let assessment = HistoryAssessment(report: larger, parameters: HistoryParameters())
        XCTAssertNil(assessment.dump)
        XCTAssertEqual(larger.summary.maxLines, 260)
        XCTAssertEqual(larger.summary.commits, 21)
        let share = Double(260) / Double(larger.commits.reduce(0) { $0 + $1.linesChanged })
        XCTAssertEqual(assessment.size, 1 - max(1.0 / 21, 0.5 * share), accuracy: 1e-9, "today's size formula")
        let result = GitFixture.score(larger)
        XCTAssertEqual(result.score, 9.5, "as before the dump rule")
        XCTAssertNil(dumpLine(result))

        let wip = GitFixture.score(try FixtureHistories.wipMessages().analyze())
        XCTAssertEqual(wip.score, 7)
        XCTAssertEqual(GitFixture.score(try FixtureHistories.backdated().analyze()).score, 5)
    }

    // MARK: Thresholds

    private func commits(_ sizes: [Int]) -> [CommitInfo] {
        sizes.enumerated().map { index, size in
            CommitInfo(
                hash: String(format: "%07d", index), parents: ["p"],
                authorDate: GitFixture.start.addingTimeInterval(Double(index) * 3600),
                committerDate: GitFixture.start.addingTimeInterval(Double(index) * 3600), authorDay: "2026-01-05",
                message: "Add feature number \(index)\n",
                files: [FileChange(path: "Sources/F\(index).swift", added: size, deleted: 0, kind: .source)])
        }
    }

    private func assessment(_ sizes: [Int], _ parameters: [String: JSONValue] = [:]) -> HistoryAssessment {
        let report = HistoryReport(
            summary: HistorySummary(
                commits: 0, baseline: nil, medianLines: 0, maxLines: 0, shareOverThreshold: 0, daysWithCommits: 0,
                observations: [], problems: []),
            commits: commits(sizes), historyRead: true, baseline: nil, baselineSource: .trailer, baselineDate: nil,
            descendsFromBaseline: nil, analyzedAt: GitFixture.now, problems: [])
        return HistoryAssessment(report: report, parameters: HistoryParameters(parameters))
    }

    func testADumpHoldsOverSixtyPercentOfTheLinesInACommitOverMaxCommitLines() {
        XCTAssertNil(assessment([300, 50, 50, 50, 50]).dump, "exactly 60% is not over 60%")
        XCTAssertEqual(assessment([301, 50, 50, 50, 50]).dump?.lines, 301)
        XCTAssertLessThanOrEqual(assessment([301, 50, 50, 50, 50]).fraction, 0.4)
        XCTAssertNil(assessment([190, 10, 10, 10, 10]).dump, "79% of the lines, but no commit over 200")
        XCTAssertNil(assessment([900, 10, 10, 10, 10], ["dump_share": .number(0.99)]).dump)
        XCTAssertEqual(assessment([900, 10, 10, 10, 10], ["dump_max_score": .number(0.2)]).fraction, 0.2)
        XCTAssertEqual(assessment([900, 10, 10, 10, 10], ["max_commit_lines": .number(1000)]).dump, nil)
    }

    func testNewParametersAreRegisteredForRubricValidation() {
        for key in ["dump_share", "dump_max_score", "baseline_work_lines"] {
            XCTAssertEqual(HistoryParameters.keys[key], .number, key)
        }
        let parameters = HistoryParameters([
            "dump_share": .number(0.7), "dump_max_score": .number(0.3), "baseline_work_lines": .number(50),
        ])
        XCTAssertEqual(parameters.dumpShare, 0.7)
        XCTAssertEqual(parameters.dumpMaxScore, 0.3)
        XCTAssertEqual(parameters.baselineWorkLines, 50)
        XCTAssertEqual(HistoryParameters().dumpShare, 0.6)
        XCTAssertEqual(HistoryParameters().dumpMaxScore, 0.4)
        XCTAssertEqual(HistoryParameters().baselineWorkLines, 20)
    }

    private let hour: TimeInterval = 3600

    private func loggedCommits(_ repo: GitFixture) throws -> [LoggedCommit] {
        let git = GitCommand(
            runner: .live, gitDirectory: repo.folder.appendingPathComponent(".git"), workTree: repo.folder)
        guard case .success(let output) = git.run(CommitLog.arguments(range: "HEAD")) else {
            throw FixtureError(description: "git log failed")
        }
        return CommitLog.parse(output.stdout)
    }
}

import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// Histories that cannot be read in full are reported as problems, never a crash; candidate config runs nothing.
final class HistoryProblemTests: XCTestCase {
    func testNoRepositoryIsNotChecked() throws {
        let folder = try GitFixture(initialize: false)
        try "print(1)\n".write(
            to: folder.folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let report = folder.analyze()
        XCTAssertFalse(report.historyRead)
        XCTAssertEqual(report.summary.problems, ["no git repository (no .git folder)"])
        let result = GitFixture.score(report)
        XCTAssertEqual(result.status, .notChecked)
        XCTAssertEqual(result.evidence, ["not checked: no git repository (no .git folder)"])
    }

    func testAMissingFolderIsNoCrash() {
        let report = GitFixture.analyzer.analyze(
            repository: URL(fileURLWithPath: "/nonexistent/grader-history"), baseline: nil, exerciseID: nil,
            starter: nil,
            parameters: [:])
        XCTAssertFalse(report.historyRead)
    }

    func testRepositoryWithoutCommits() throws {
        let repo = try GitFixture()
        let report = repo.analyze()
        XCTAssertFalse(report.historyRead)
        XCTAssertEqual(report.problems, ["empty repository: no commits"])
    }

    func testEmptyHistoryAfterTheBaselineScoresZero() throws {
        let repo = try GitFixture()
        let baseline = try repo.baseline()
        let report = repo.analyze(baseline: baseline)
        XCTAssertTrue(report.historyRead)
        XCTAssertEqual(report.summary.commits, 0)
        XCTAssertEqual(report.summary.problems, ["empty history: no commits after the baseline \(baseline.prefix(7))"])
        let result = GitFixture.score(report)
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.score, 0)
        XCTAssertEqual(result.evidence.first, "no commits after the baseline \(baseline.prefix(7))")
    }

    func testShallowCloneIsReportedAndStillMeasured() throws {
        let source = try FixtureHistories.twentySmall()
        let clone = try GitFixture(initialize: false)
        try clone.git("clone", "--quiet", "--depth", "5", "file://\(source.folder.path)", "repo")
        let report = GitFixture.analyzer.analyze(
            repository: clone.folder.appendingPathComponent("repo"), baseline: source.hashes[0],
            exerciseID: "movie-client",
            starter: nil, parameters: [:])
        XCTAssertTrue(report.historyRead)
        XCTAssert(
            report.problems.contains {
                $0.hasPrefix("shallow clone: history before \(source.hashes[16].prefix(7)) is missing")
            })
        XCTAssert(report.problems.contains { $0.contains("is not in the shallow history") })
        XCTAssertNil(report.descendsFromBaseline)
        // Measured from the boundary commit (the oldest present): its whole-tree diff is not counted as a size.
        XCTAssertEqual(report.baselineSource, .root)
        XCTAssertEqual(report.commits.count, 4)
        let result = GitFixture.score(report)
        XCTAssert(result.evidence.contains { $0.hasPrefix("could not check: shallow clone") })
        XCTAssertGreaterThan(result.score, 0)
    }

    func testCandidateConfigCannotRunCommands() throws {
        let repo = try FixtureHistories.twentySmall()
        let marker = repo.folder.appendingPathComponent("pwned")
        let script = repo.folder.appendingPathComponent("evil.sh")
        try "#!/bin/sh\ntouch '\(marker.path)'\ncat \"$@\" 2>/dev/null\n".write(
            to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        try "*.swift diff=evil filter=evil\n*.md filter=evil\n".write(
            to: repo.folder.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        try repo.commit(
            "Mark Swift files for the evil driver", files: [:], date: GitFixture.start.addingTimeInterval(86_000))
        let config = """
            [core]
            \tfsmonitor = \(script.path)
            \tpager = \(script.path)
            [diff]
            \texternal = \(script.path)
            [diff "evil"]
            \ttextconv = \(script.path)
            \tcommand = \(script.path)
            [log]
            \tshowSignature = true
            [filter "evil"]
            \tclean = \(script.path)
            \tsmudge = \(script.path)
            \tprocess = \(script.path)
            [gpg]
            \tprogram = \(script.path)
            [core]
            \thooksPath = \(repo.folder.path)
            """
        let configURL = repo.folder.appendingPathComponent(".git/config")
        try (String(contentsOf: configURL, encoding: .utf8) + config + "\n").write(
            to: configURL, atomically: true, encoding: .utf8)
        let starter = try GitFixture.writeStarter()
        defer { try? FileManager.default.removeItem(at: starter) }
        // No trailer for this exercise: the starter's files are hashed (hash-object) and matched.
        let report = repo.analyze(baseline: nil, exerciseID: "another-exercise", starter: starter)
        XCTAssertEqual(report.baselineSource, .starter)
        XCTAssertEqual(report.baseline, repo.hashes[0])
        XCTAssertEqual(report.commits.count, 21)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "candidate config ran a command")
    }

    func testGitThatCannotRunIsAProblem() throws {
        let repo = try FixtureHistories.singleDump()
        let broken = HistoryAnalyzer(
            runner: ProcessRunner { _ in throw FixtureError(description: "could not run git: not found") })
        let report = broken.analyze(
            repository: repo.folder, baseline: nil, exerciseID: nil, starter: nil, parameters: [:])
        XCTAssertFalse(report.historyRead)
        XCTAssertEqual(report.problems, ["git log failed: could not run git: not found"])
    }
}

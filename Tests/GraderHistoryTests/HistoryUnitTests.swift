import Foundation
import GraderCore
import XCTest

@testable import GraderHistory

/// The pieces: the log parser, file kinds and message checks.
final class HistoryUnitTests: XCTestCase {
    func testParsesRenamesBinariesAndOddMessages() {
        let output =
            "\u{1e}aaaa\u{1f}\u{1f}100\u{1f}101\u{1f}2026-01-05 10:00:00 +0100\u{1f}first\n\nbody \u{1f} with a separator\n\u{1f}\0\n"
            + ":000000 100644 0000000000000000000000000000000000000000 1111111111111111111111111111111111111111 A\0a.txt\0"
            + "3\t0\ta.txt\0"
            + "\u{1e}bbbb\u{1f}aaaa\u{1f}200\u{1f}201\u{1f}2026-01-06 23:30:00 -0800\u{1f}second\n\u{1f}\0\n"
            + ":100644 100644 1111111111111111111111111111111111111111 1111111111111111111111111111111111111111 R100\0a.txt\0dir/b c.txt\0"
            + ":000000 100644 0000000000000000000000000000000000000000 2222222222222222222222222222222222222222 A\0img.png\0"
            + "0\t0\t\0a.txt\0dir/b c.txt\0-\t-\timg.png\0"
            + "\u{1e}cccc\u{1f}bbbb\u{1f}300\u{1f}301\u{1f}2026-01-07 08:00:00 +0000\u{1f}empty commit\n\u{1f}\0"
        let commits = CommitLog.parse(output)
        XCTAssertEqual(commits.map(\.hash), ["aaaa", "bbbb", "cccc"])
        XCTAssertEqual(commits[0].message, "first\n\nbody \u{1f} with a separator\n")
        XCTAssertEqual(commits[0].authorDay, "2026-01-05")
        XCTAssertEqual(commits[0].numstat, [NumstatEntry(added: 3, deleted: 0, path: "a.txt")])
        XCTAssertEqual(commits[1].parents, ["aaaa"])
        XCTAssertEqual(commits[1].authorDay, "2026-01-06")
        XCTAssertEqual(
            commits[1].treeChanges,
            [
                TreeChange(path: "dir/b c.txt", blob: String(repeating: "1", count: 40), oldPath: "a.txt"),
                TreeChange(path: "img.png", blob: String(repeating: "2", count: 40)),
            ])
        XCTAssertEqual(
            commits[1].numstat,
            [
                NumstatEntry(added: 0, deleted: 0, path: "dir/b c.txt"),
                NumstatEntry(added: nil, deleted: nil, path: "img.png"),
            ])
        XCTAssertEqual(commits[2].numstat, [])
        XCTAssertEqual(CommitLog.parse("garbage\0\u{1e}\0::\0").count, 0)
    }

    func testGeneratedVendoredAndTestFiles() {
        let cases: [(String, FileKind)] = [
            ("Sources/App/Feed.swift", .source), ("README.md", .source),
            ("Package.resolved", .generated), ("App.xcodeproj/project.pbxproj", .generated),
            ("App.xcworkspace/contents.xcworkspacedata", .generated), ("Pods/Alamofire/Source/AF.swift", .generated),
            ("Carthage/Build/x.framework/x", .generated), (".build/debug/a.o", .generated),
            ("Podfile.lock", .generated),
            ("yarn.lock", .generated), ("App/Assets.xcassets/Contents.json", .generated),
            ("Tests/AppTests/FeedTests.swift", .test), ("AppTests/FeedTests.swift", .test),
            ("App/Feed/FeedViewModelTests.swift", .test), ("Sources/App/Contest.swift", .source),
        ]
        for (path, kind) in cases { XCTAssertEqual(FileClassifier.classify(path), kind, path) }
        XCTAssertEqual(FileClassifier.classify("App/icon.png", binary: true), .binary)
        XCTAssertEqual(FileClassifier.classify("Pods/icon.png", binary: true), .generated)
    }

    func testCommitSizeExcludesGeneratedAndBinaryFiles() {
        let commit = CommitInfo(
            hash: "abcdef0123", parents: [], authorDate: Date(), committerDate: Date(), authorDay: "2026-01-05",
            message: "Add the feed",
            files: [
                FileChange(path: "Sources/Feed.swift", added: 30, deleted: 5, kind: .source),
                FileChange(path: "Tests/FeedTests.swift", added: 10, deleted: 0, kind: .test),
                FileChange(path: "Package.resolved", added: 900, deleted: 0, kind: .generated),
                FileChange(path: "logo.png", added: nil, deleted: nil, kind: .binary),
            ])
        XCTAssertEqual(commit.linesChanged, 45)
        XCTAssertTrue(commit.touchesTests)
    }

    func testMessageChecksInGitlintTerms() {
        func flags(_ titles: [String], merge: Bool = false) -> [String] {
            let commits = titles.enumerated().map { index, title in
                CommitInfo(
                    hash: String(format: "%07d", index), parents: merge ? ["a", "b"] : ["a"], authorDate: Date(),
                    committerDate: Date(), authorDay: "2026-01-05", message: title + "\n\nBody.\n", files: [])
            }
            return MessageLint.check(commits, parameters: HistoryParameters()).map(\.description)
        }
        XCTAssertEqual(flags(["Add the search debouncer", "Fix typo in the README", "Revert \"Add the cache\""]), [])
        XCTAssertEqual(
            flags([String(repeating: "Long title ", count: 8)]), ["T1 87 > 72 characters (0000000)"])
        XCTAssertEqual(flags(["Add the cache."]), ["T3 '.' in 'Add the cache.' (0000000)"])
        XCTAssertEqual(flags(["WIP: networking layer"]), ["T5 'wip' in 'WIP: networking layer' (0000000)"])
        XCTAssertEqual(flags(["Temp hack for the cache"]), ["T5 'temp' in 'Temp hack for the cache' (0000000)"])
        XCTAssertEqual(
            flags(["squash! Add the cache"]), ["T5 'squash!' in 'squash! Add the cache' (0000000)"])
        XCTAssertEqual(flags(["Templates for cells"]), [])
        XCTAssertEqual(flags(["ok"]), ["T8 'ok' under 5 characters (0000000)", "one-word 'ok' (0000000)"])
        XCTAssertEqual(flags(["Refactoring"]), ["one-word 'Refactoring' (0000000)"])
        XCTAssertEqual(flags(["minor changes"]), ["vague 'minor changes' (0000000)"])
        XCTAssertEqual(flags([""]), ["empty empty title (0000000)"])
        XCTAssertEqual(
            flags(["Add the cache", "add the  cache"]), ["duplicate 'add the  cache' (0000001)"])
        XCTAssertEqual(flags(["wip"], merge: true), [], "merge commits are skipped, as gitlint does")
    }

    func testParametersReadFromTheRubric() {
        let parameters = HistoryParameters([
            "max_commit_lines": .number(150), "max_title_length": .number(50), "wip_words": .array([.string("WIP")]),
            "weights": .object(["size": .number(1), "messages": .number(0), "process": .number(0)]),
        ])
        XCTAssertEqual(parameters.maxCommitLines, 150)
        XCTAssertEqual(parameters.maxTitleLength, 50)
        XCTAssertEqual(parameters.wipWords, ["wip"])
        XCTAssertEqual(parameters.sizeWeight, 1)
        XCTAssertEqual(parameters.messagesWeight, 0)
        XCTAssertEqual(HistoryParameters([:]), HistoryParameters())
    }

    func testSyntheticStreamQuotesOddPaths() {
        let stream = String(
            decoding: SyntheticRepository.stream([
                SyntheticCommit(message: "Add", date: Date(timeIntervalSince1970: 0), files: ["a \"b\".txt": "x"])
            ]), as: UTF8.self)
        XCTAssert(stream.contains("M 100644 inline \"a \\\"b\\\".txt\"\ndata 1\nx\n"))
        XCTAssert(stream.hasSuffix("done\n"))
    }
}

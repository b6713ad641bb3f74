import XCTest

@testable import GraderKit

final class ExpectedSymbolTests: XCTestCase {
    func testNamesTheSymbolTheTestsExpected() {
        let cases: [(String, String?)] = [
            ("value of type 'Counter' has no member 'label'", "Counter.label"),
            ("value of type 'MovieListViewModel?' has no member 'load'", "MovieListViewModel.load"),
            ("type 'MovieCategory' has no member 'nowPlaying'", "MovieCategory.nowPlaying"),
            ("cannot find 'SearchViewModel' in scope", "SearchViewModel"),
            ("cannot find type 'ImageLoader' in scope", "ImageLoader"),
            ("no such module 'MovieClient'", "module MovieClient"),
            ("incorrect argument label in call (have 'query:', expected 'text:')", "text:"),
            ("'init(session:)' is inaccessible due to 'internal' protection level", "init(session:) (public)"),
            ("expected expression", nil),
        ]
        for (message, expected) in cases {
            XCTAssertEqual(ExpectedSymbol.from(message), expected, message)
        }
    }
}

final class ResultRecordTests: XCTestCase {
    private func file(_ lines: [String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-record-\(UUID().uuidString).jsonl")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private let test = "CT1CountingTests/test_CT1_startsAtZero"

    func testOneRecordWithTheTokenIsAPass() throws {
        let url = try file([
            #"{"token":"0a1b","test":"CT1CountingTests/test_CT1_startsAtZero","status":"pass","failures":[]}"#
        ])
        XCTAssertEqual(HiddenTestRunner.record(in: url, token: "0a1b", test: test), .pass)
    }

    func testAPassWithoutTheTokenIsTampering() throws {
        let url = try file([
            #"{"token":"guess","test":"CT1CountingTests/test_CT1_startsAtZero","status":"pass","failures":[]}"#
        ])
        XCTAssertEqual(
            HiddenTestRunner.record(in: url, token: "0a1b", test: test), .tampered("a pass without the grader's token"))
    }

    func testAFailureCarriesItsMessagesAndNeedsNoToken() throws {
        let url = try file([
            #"{"test":"CT1CountingTests/test_CT1_startsAtZero","status":"fail","failures":[{"message":"no","file":"A.swift","line":"3"}]}"#
        ])
        XCTAssertEqual(HiddenTestRunner.record(in: url, token: "0a1b", test: test), .fail(["no (A.swift:3)"]))
    }

    func testASecondLineVoidsTheRecordEvenWhenOneIsGenuine() throws {
        let url = try file([
            #"{"token":"0a1b","test":"CT1CountingTests/test_CT1_startsAtZero","status":"pass","failures":[]}"#,
            "Test Case 'CT1CountingTests.test_CT1_startsAtZero' passed",
        ])
        XCTAssertEqual(
            HiddenTestRunner.record(in: url, token: "0a1b", test: test),
            .tampered("2 records in the result channel, which takes one"))
    }

    func testARecordForAnotherTestOrUnreadableIsTampering() throws {
        let other = try file([
            #"{"token":"0a1b","test":"CT1CountingTests/test_CT1_other","status":"pass","failures":[]}"#
        ])
        XCTAssertEqual(
            HiddenTestRunner.record(in: other, token: "0a1b", test: test), .tampered("a record for another test"))
        let garbage = try file(["Test Case passed"])
        XCTAssertEqual(
            HiddenTestRunner.record(in: garbage, token: "0a1b", test: test),
            .tampered("an unreadable record in the result channel"))
    }

    func testAnOversizedChannelIsTamperingAndIsNotReadWhole() throws {
        let huge = String(repeating: "x", count: HiddenTestRunner.maxRecordBytes + 10)
        let url = try file([
            #"{"test":"CT1CountingTests/test_CT1_startsAtZero","status":"fail","failures":[{"message":""# + huge
                + #""}]}"#
        ])
        XCTAssertEqual(
            HiddenTestRunner.record(in: url, token: "0a1b", test: test),
            .tampered("an oversized result channel (over 256 KiB)"))
    }

    func testAnEmptyChannelIsNoResult() throws {
        XCTAssertNil(HiddenTestRunner.record(in: try file([]), token: "0a1b", test: test))
    }

    func testTheHarnessIsAskedForClassAndMethod() {
        XCTAssertEqual(
            HiddenTestRunner.classAndMethod("HiddenSuite.CT1CountingTests/test_CT1_a"), "CT1CountingTests/test_CT1_a")
    }
}

import XCTest

@testable import GraderKit

final class ExpectedSymbolTests: XCTestCase {
    func testReadsTheCallWithItsArgumentLabels() {
        let text = """
            search.queryChanged("harry, potter")
                scheduler.schedule(after: 0.3) { fire() }
            counter.reset()
            let value = counter.value
            service.movies(in: .popular,
                           page: compute(1, 2)) { _ in }
            """
        XCTAssertEqual(ExpectedSymbol.call(in: text, line: 1, column: 8), "queryChanged(_:)")
        XCTAssertEqual(ExpectedSymbol.call(in: text, line: 2, column: 15), "schedule(after:)")
        XCTAssertEqual(ExpectedSymbol.call(in: text, line: 3, column: 9), "reset()")
        XCTAssertEqual(ExpectedSymbol.call(in: text, line: 4, column: 21), "value")
        XCTAssertEqual(ExpectedSymbol.call(in: text, line: 5, column: 9), "movies(in:page:)")
        XCTAssertNil(ExpectedSymbol.call(in: text, line: 1, column: 7), "a dot starts no name")

        let missing = CompilerDiagnostic(
            path: "Tests/HiddenMC9/MC9Tests.swift", line: 1, column: 8,
            message: "value of type 'SearchViewModel' has no member 'queryChanged'", call: "queryChanged(_:)")
        XCTAssertEqual(ExpectedSymbol.from(missing), "SearchViewModel.queryChanged(_:)")
        var other = missing
        other.call = "refresh()"
        XCTAssertEqual(ExpectedSymbol.from(other), "SearchViewModel.queryChanged", "a call that is not the member")
    }

    func testCutsOnlyTheFailingTestsAndKeepsLineNumbers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grader-cut-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = "Tests/HiddenCT1/CT1Tests.swift"
        let file = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = """
            final class CT1Tests: HiddenTestCase {
                func test_CT1_a() {
                    XCTAssertEqual(Counter().value, 0)
                }

                @MainActor func test_CT1_b() {
                    var counter = Counter()
                    counter.bump()
                }
            }
            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        let error = CompilerDiagnostic(
            path: path, line: 8, column: 17, message: "value of type 'Counter' has no member 'bump'")
        let cut = try XCTUnwrap(Builder.cutFailingTests([error], in: folder))
        XCTAssertEqual(Array(cut.keys), ["CT1Tests/test_CT1_b"])
        XCTAssertEqual(cut["CT1Tests/test_CT1_b"]?.first?.call, "bump()")
        let after = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(after.components(separatedBy: "\n").count, text.components(separatedBy: "\n").count)
        XCTAssertTrue(after.contains("func test_CT1_a()"))
        XCTAssertFalse(after.contains("test_CT1_b") || after.contains("@MainActor"))

        // An error outside every test method (a helper) cuts nothing: the whole target goes.
        let helper = CompilerDiagnostic(path: path, line: 1, column: 1, message: "cannot find type 'HiddenTestCase'")
        XCTAssertNil(Builder.cutFailingTests([helper], in: folder))
    }

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

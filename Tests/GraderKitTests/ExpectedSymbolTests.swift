@testable import GraderKit
import XCTest

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
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grader-record-\(UUID().uuidString).jsonl")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testOnlyARecordSignedWithTheTokenForThisTestCounts() throws {
        let test = "HiddenCT1.CT1CountingTests/test_CT1_startsAtZero"
        let url = try file([
            #"{"token":"guess","test":"CT1CountingTests.test_CT1_startsAtZero","status":"pass","failures":[]}"#,
            #"{"token":"secret","test":"CT1CountingTests.test_CT1_other","status":"pass","failures":[]}"#,
            "Test Case 'CT1CountingTests.test_CT1_startsAtZero' passed",
            #"{"token":"secret","test":"CT1CountingTests.test_CT1_startsAtZero","status":"fail","failures":[{"message":"no","file":"A.swift","line":"3"}]}"#,
        ])
        let record = try XCTUnwrap(HiddenTestRunner.record(in: url, token: "secret", test: test))
        XCTAssertEqual(record.status, "fail")
        XCTAssertEqual(record.failures, ["no (A.swift:3)"])
        XCTAssertNil(HiddenTestRunner.record(in: url, token: "other", test: test))
    }

    func testMacOSStyleNamesMatchToo() throws {
        let url = try file([#"{"token":"t","test":"-[CT1CountingTests test_CT1_startsAtZero]","status":"pass","failures":[]}"#])
        XCTAssertEqual(HiddenTestRunner.record(in: url, token: "t", test: "HiddenCT1.CT1CountingTests/test_CT1_startsAtZero")?.status, "pass")
    }
}

import GraderCore
import XCTest

@testable import GraderReports

/// How reports group hidden tests by requirement and collapse a requirement none of whose tests ran.
final class RequirementGroupTests: XCTestCase {
    private func test(
        _ name: String, _ requirement: String, _ status: TestResult.Status, task: Int?, message: String? = nil
    )
        -> TestResult
    {
        TestResult(
            name: name, requirement: requirement, status: status, message: message, taskId: task, score: 0, maxScore: 1)
    }

    func testGroupsFollowTaskOrderThenFirstAppearance() {
        var result = Fixtures.bob
        result.tests = [
            test("b1", "MC2", .pass, task: 2), test("x1", "EXTRA", .pass, task: nil), test("a1", "MC1", .fail, task: 1),
            test("b2", "MC2", .fail, task: 2),
        ]
        let groups = result.requirementGroups
        XCTAssertEqual(groups.map(\.id), ["MC1", "MC2", "EXTRA"])
        XCTAssertEqual(groups[1].tests.map(\.name), ["b1", "b2"])
        XCTAssertEqual(groups[1].heading, "MC2 Requests")
        XCTAssertEqual(groups[2].heading, "EXTRA")
    }

    func testSameErrorForEveryTestIsShownOnce() {
        let message =
            "does not compile against the submission's API: value of type 'SearchViewModel' has no member 'queryChanged' (MC9Tests.swift:18)"
        var result = Fixtures.bob
        result.tests = (1...3).map { test("t\($0)", "MC9", .error, task: 9, message: message) }
        let text = TextReporter.render([result])
        XCTAssertTrue(text.contains("  MC9: 0/3 passed, no test ran\n    ✗ does not compile"), text)
        XCTAssertEqual(text.components(separatedBy: "does not compile").count, 2, "the message appears once")
        XCTAssertTrue(MarkdownReporter.render([result]).contains("- ✗ no test ran (3 tests): `does not compile"))
        XCTAssertTrue(HTMLReporter.render([result]).contains("✗ no test ran (3 tests)<pre>does not compile"))
    }

    func testDifferentErrorsAreListedPerTest() {
        var result = Fixtures.bob
        result.tests = [
            test("t1", "MC4", .error, task: 4, message: "timed out after 10 s"),
            test("t2", "MC4", .error, task: 4, message: "crashed (signal 4)"),
        ]
        XCTAssertNil(result.requirementGroups[0].blocked)
        let text = TextReporter.render([result])
        XCTAssertTrue(text.contains("    ✗ t1 (error)\n        timed out after 10 s"), text)
        XCTAssertTrue(text.contains("    ✗ t2 (error)\n        crashed (signal 4)"), text)
    }

    func testExpectedSymbolNamesTheBrokenContract() {
        let blocked = Fixtures.single.requirementGroups.first { $0.id == "MC9" }?.blocked
        XCTAssertEqual(blocked?.symbols, ["SearchViewModel.queryChanged(_:)"])
        XCTAssertEqual(blocked?.summary, "hidden tests do not compile: expected `SearchViewModel.queryChanged(_:)`")
    }

    func testNumbersAreLocaleFreeAndTrimmed() {
        XCTAssertEqual(Figures.plain(10), "10")
        XCTAssertEqual(Figures.plain(7.5), "7.5")
        XCTAssertEqual(Figures.plain(1.0 / 3), "0.33")
        XCTAssertEqual(Figures.plain(0.105), "0.11")
        XCTAssertEqual(Figures.plain(-2.5), "-2.5")
        XCTAssertEqual(Figures.plain(.nan), "n/a")
        XCTAssertEqual(Figures.fixed(0.0123, decimals: 3), "0.012")
        XCTAssertEqual(Figures.fixed(10.002, decimals: 3), "10.002")
        XCTAssertEqual(Figures.fixed(3, decimals: 0), "3")
    }

    /// A hand-edited result can hold any number; printing it must not trap.
    func testHugeNumbersPrintInsteadOfTrapping() {
        XCTAssertEqual(Figures.plain(1e20), "1e+20")
        XCTAssertEqual(Figures.plain(-Double(Int.max)), "-9.223372036854776e+18")
        XCTAssertEqual(Figures.score(1e300, of: 1e300), "1e+300/1e+300")
        XCTAssertEqual(Figures.fixed(1e20, decimals: 3), "1e+20")
        XCTAssertEqual(Figures.plain(1e16), "1e+16")
        XCTAssertEqual(Figures.plain(99_999_999_999_999), "99999999999999")
    }
}

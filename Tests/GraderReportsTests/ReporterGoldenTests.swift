import GraderCore
import XCTest

@testable import GraderReports

/// Every reporter, for one submission and for a batch, against its golden file in `Goldens/`.
final class ReporterGoldenTests: XCTestCase {
    func testTextSingle() { GoldenFile.assertMatches(TextReporter.render([Fixtures.single]), golden: "single.txt") }
    func testTextMany() { GoldenFile.assertMatches(TextReporter.render(Fixtures.many), golden: "many.txt") }

    func testJSONSingle() { GoldenFile.assertMatches(JSONReporter.render([Fixtures.single]), golden: "single.json") }
    func testJSONMany() { GoldenFile.assertMatches(JSONReporter.render(Fixtures.many), golden: "many.json") }

    func testMarkdownSingle() {
        GoldenFile.assertMatches(MarkdownReporter.render([Fixtures.single]), golden: "single.md")
    }
    func testMarkdownMany() { GoldenFile.assertMatches(MarkdownReporter.render(Fixtures.many), golden: "many.md") }

    func testHTMLSingle() { GoldenFile.assertMatches(HTMLReporter.render([Fixtures.single]), golden: "single.html") }
    func testHTMLMany() { GoldenFile.assertMatches(HTMLReporter.render(Fixtures.many), golden: "many.html") }

    func testJUnitSingle() {
        GoldenFile.assertMatches(JUnitReporter.render([Fixtures.single]), golden: "single.junit.xml")
    }
    func testJUnitMany() { GoldenFile.assertMatches(JUnitReporter.render(Fixtures.many), golden: "many.junit.xml") }

    func testGradescopeSingle() {
        GoldenFile.assertMatches(GradescopeReporter.render([Fixtures.single]), golden: "single.gradescope.json")
    }
    func testGradescopeMany() {
        GoldenFile.assertMatches(GradescopeReporter.render(Fixtures.many), golden: "many.gradescope.json")
    }

    func testSummaryText() { GoldenFile.assertMatches(SummaryReporter.text(Fixtures.many), golden: "summary.txt") }
    func testSummaryMarkdown() {
        GoldenFile.assertMatches(SummaryReporter.markdown(Fixtures.many), golden: "summary.md")
    }
    func testSummaryHTML() { GoldenFile.assertMatches(SummaryReporter.html(Fixtures.many), golden: "summary.html") }

    func testCSVMany() { GoldenFile.assertMatches(CSVReporter.render(Fixtures.many), golden: "many.csv") }

    func testCouldNotGrade() {
        var result = Fixtures.result(
            submission: "carol.zip", message: "could not grade: the zip has entries outside its folder",
            criteria: [], tests: [], findings: [], history: nil, ownTests: nil, manualReview: [],
            followUpQuestions: [], notes: [])
        result.status = .error
        result.maxScore = 85
        // The machine formats are checked on their own (JSONReporterTests, GradescopeReporterTests).
        let rendered = ReportFormat.allCases.filter { ![.csv, .json, .gradescope].contains($0) }.map {
            "=== \($0.rawValue)\n" + Reporters.render([result], as: $0)
        }
        GoldenFile.assertMatches(rendered.joined(separator: "\n"), golden: "error.all.txt")
    }

    func testDispatchByFormat() {
        for format in ReportFormat.allCases {
            let reporter = Reporters.reporter(for: format)
            XCTAssertEqual(Reporters.render(Fixtures.many, as: format), reporter.render(Fixtures.many), "\(format)")
        }
        XCTAssertEqual(Reporters.render([Fixtures.single], as: .csv), CSVReporter.render([Fixtures.single]))
    }

    func testReportsAreDeterministic() {
        for format in ReportFormat.allCases {
            XCTAssertEqual(Reporters.render(Fixtures.many, as: format), Reporters.render(Fixtures.many, as: format))
        }
    }

    func testNoSubmissions() {
        XCTAssertEqual(JSONReporter.render([]), "[]\n")
        XCTAssertEqual(CSVReporter.render([]), CSVReporter.header.joined(separator: ",") + "\r\n")
        XCTAssertTrue(TextReporter.render([]).hasPrefix("Summary: 0 submissions"))
    }
}

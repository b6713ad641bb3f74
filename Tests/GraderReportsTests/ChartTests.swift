import Foundation
import GraderCore
import XCTest

@testable import GraderReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML report's charts: drawn from the result alone, well-formed SVG whatever the result holds, a one-line
/// note when there is nothing to draw, and inert candidate text.
final class ChartTests: XCTestCase {
    private let attack = "</svg><script>alert(1)</script><svg>"

    /// Every `<svg …>…</svg>` element of `html`.
    private func svgs(_ html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg "),
            let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
        {
            found.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    /// Parses `svg` as XML; returns the parser's error, or nil when it is well-formed.
    private func xmlError(_ svg: String) -> String? {
        let parser = XMLParser(data: Data(svg.utf8))
        return parser.parse() ? nil : "\(parser.parserError.map { "\($0)" } ?? "unknown error")"
    }

    private func assertWellFormed(_ html: String, count: Int, file: StaticString = #filePath, line: UInt = #line) {
        let found = svgs(html)
        XCTAssertEqual(found.count, count, "charts drawn", file: file, line: line)
        XCTAssertEqual(html.components(separatedBy: "<svg").count - 1, count, "opening tags", file: file, line: line)
        XCTAssertEqual(html.components(separatedBy: "</svg>").count - 1, count, "closing tags", file: file, line: line)
        for svg in found {
            XCTAssertNil(xmlError(svg), String(svg.prefix(200)), file: file, line: line)
            XCTAssertFalse(
                svg.contains("nan") || svg.contains("inf\""), "a coordinate is not a number", file: file, line: line)
        }
    }

    func testAGradedReportOpensWithFourWellFormedCharts() {
        let html = HTMLReporter.render([Fixtures.single])
        assertWellFormed(html, count: 4)
        for id in ["criteria", "timeline", "commit-sizes", "coverage"] {
            XCTAssertTrue(html.contains("<svg id=\"submission-1-chart-\(id)\""), id)
        }
        let glance = try? XCTUnwrap(html.range(of: "At a glance"))
        let criteria = try? XCTUnwrap(html.range(of: "<h2>Criteria</h2>"))
        if let glance, let criteria { XCTAssertLessThan(glance.lowerBound, criteria.lowerBound, "charts come first") }
    }

    func testABatchKeepsElementIdsUnique() {
        let html = HTMLReporter.render([Fixtures.alice, Fixtures.alice])
        assertWellFormed(html, count: 8)
        let ids = svgs(html).compactMap { svg -> String? in
            guard let start = svg.range(of: "id=\""), let end = svg[start.upperBound...].firstIndex(of: "\"") else {
                return nil
            }
            return String(svg[start.upperBound..<end])
        }
        XCTAssertEqual(Set(ids).count, 8, "\(ids)")
    }

    func testAHostileCommitTitleFilePathAndCriterionTitleRenderInert() {
        var result = Fixtures.single
        result.history?.commitLog?[3].title = attack
        result.history?.commitLog?[0].hash = "\"><script>alert(2)</script>"
        result.ownTests?.files[1].path = "Sources/\(attack)/ImageLoader.swift"
        result.criteria[0].title = "Categories \(attack) & <b>bold</b>"
        let html = HTMLReporter.render([result])
        XCTAssertFalse(html.contains("<script"), "no script element from a submission reaches the page")
        XCTAssertFalse(html.contains("<b>bold"))
        assertWellFormed(html, count: 4)
        XCTAssertTrue(html.contains("&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;svg&gt;"), "kept, escaped")
    }

    func testNoHistoryAndNoCoverageGiveOneLineNotes() throws {
        var result = Fixtures.single
        result.history = nil
        result.ownTests = nil
        let html = HTMLReporter.render([result])
        assertWellFormed(html, count: 1)
        let notes = html.components(separatedBy: "\n").filter { $0.hasPrefix("<figure class=\"chart\"><figcaption>") }
        XCTAssertEqual(
            notes,
            [
                "<figure class=\"chart\"><figcaption><strong>Commit timeline</strong>: "
                    + "<span class=\"muted\">No git history was read.</span></figcaption></figure>",
                "<figure class=\"chart\"><figcaption><strong>Lines per commit</strong>: "
                    + "<span class=\"muted\">No git history was read.</span></figcaption></figure>",
                "<figure class=\"chart\"><figcaption><strong>Coverage per file</strong>: "
                    + "<span class=\"muted\">The candidate&#39;s own tests did not run: no coverage.</span>"
                    + "</figcaption></figure>",
            ])
    }

    func testEveryReasonForNothingToDrawIsANote() {
        func note(_ chart: Chart) -> String? {
            if case .note(let text) = chart.body { return text }
            return nil
        }
        var history = Fixtures.alice.history
        history?.commitLog = nil
        XCTAssertEqual(
            note(CommitTimelineChart.chart(history, idPrefix: "s")),
            "This result carries no per-commit figures (it was written by a grader before they were added).")
        history?.commits = 0
        history?.problems = ["empty history: no commits after the baseline 3f2a9c1"]
        XCTAssertEqual(
            note(CommitSizeChart.chart(history, idPrefix: "s")),
            "No commits to draw: empty history: no commits after the baseline 3f2a9c1.")
        history?.problems = []
        history?.commitLog = []
        XCTAssertEqual(note(CommitSizeChart.chart(history, idPrefix: "s")), "No commits after the baseline.")

        var dateless = Fixtures.alice.history
        for index in dateless?.commitLog?.indices ?? 0..<0 { dateless?.commitLog?[index].authoredAt = "soon" }
        XCTAssertEqual(
            note(CommitTimelineChart.chart(dateless, idPrefix: "s")), "No commit carries a readable author date.")
        XCTAssertNil(note(CommitSizeChart.chart(dateless, idPrefix: "s")), "sizes need no dates")

        var own = Fixtures.alice.ownTests
        own?.files = []
        XCTAssertEqual(note(FileCoverageChart.chart(own, idPrefix: "s")), "This result lists no coverage per file.")
        own?.lineCoverage = nil
        XCTAssertEqual(note(FileCoverageChart.chart(own, idPrefix: "s")), "Line coverage was not measured.")
        XCTAssertEqual(note(CriterionScoreChart.chart([], idPrefix: "s")), "No criteria were scored.")
    }

    func testACouldNotGradeResultHasNoCharts() {
        let html = HTMLReporter.render([GradeResult.couldNotGrade("x.zip", exercise: "movie-client", message: "bad")])
        XCTAssertFalse(html.contains("At a glance"))
        XCTAssertFalse(html.contains("<svg"))
    }

    func testImpossibleNumbersFromAHandEditedResultStillDrawWellFormedCharts() {
        var result = Fixtures.single
        result.criteria[0].score = .nan
        result.criteria[1].maxScore = .infinity
        result.criteria[2].score = -5
        result.ownTests?.lineCoverage = .nan
        result.ownTests?.files[0].lineCoverage = 500
        result.ownTests?.files[1].lineCoverage = -.infinity
        result.history?.commitLog?[0].lines = Int.max
        result.history?.commitLog?[1].lines = -40
        result.history?.commitLog?[2].authoredAt = "not a date"
        result.history?.maxCommitLines = Int.min
        let html = HTMLReporter.render([result])
        assertWellFormed(html, count: 4)
    }

    func testADumpReplayedInOneMinuteIsOneSpotAndSaysSo() throws {
        var history = try XCTUnwrap(Fixtures.alice.history)
        for index in history.commitLog?.indices ?? 0..<0 {
            history.commitLog?[index].authoredAt = "2026-01-05T15:00:00Z"
        }
        let chart = CommitTimelineChart.chart(history, idPrefix: "s")
        guard case .svg(let svg) = chart.body else { return XCTFail("expected a chart, got \(chart.body)") }
        XCTAssertNil(xmlError(svg))
        XCTAssertEqual(svg.components(separatedBy: "<circle cx=\"440\"").count - 1, 9, "every dot in the middle")
        XCTAssertEqual(chart.caption?.hasPrefix("9 commits, all at 2026-01-05 15:00 UTC."), true, chart.caption ?? "")
    }

    func testALongHistorySaysHowManyCommitsItDraws() throws {
        var history = try XCTUnwrap(Fixtures.alice.history)
        history.commits = 5000
        let chart = CommitSizeChart.chart(history, idPrefix: "s")
        XCTAssertEqual(chart.caption?.hasPrefix("the first 9 of 5000 commits in order"), true, chart.caption ?? "")
    }

    func testManyFilesDrawTheFirstFortyAndCountTheRest() throws {
        var own = try XCTUnwrap(Fixtures.alice.ownTests)
        own.files = (1...45).map { FileCoverage(path: "Sources/App/File\($0).swift", lineCoverage: Double($0 * 2)) }
        guard case .svg(let svg) = FileCoverageChart.chart(own, idPrefix: "s").body else {
            return XCTFail("expected a chart")
        }
        XCTAssertNil(xmlError(svg))
        XCTAssertTrue(svg.contains("… and 5 more files in the table below"))
        XCTAssertFalse(svg.contains("File41.swift"))
    }

    func testLabelsAreCutByCharactersAndPathsKeepTheirFileName() {
        XCTAssertEqual(ChartLabel.head("no-system-singletons No system singletons", 20), "no-system-singleton…")
        XCTAssertEqual(ChartLabel.tail("Sources/MovieClient/Deep/ImageLoader.swift", 20), "…p/ImageLoader.swift")
        XCTAssertEqual(ChartLabel.tail("short.swift", 20), "short.swift")
        XCTAssertEqual(ChartLabel.head("🎬🎬🎬🎬", 3), "🎬🎬…")
    }

    func testNumbersHaveOneDecimalAtMostAndNoExponent() {
        XCTAssertEqual(SVGCanvas.number(12), "12")
        XCTAssertEqual(SVGCanvas.number(12.345), "12.3")
        XCTAssertEqual(SVGCanvas.number(-0.04), "0")
        XCTAssertEqual(SVGCanvas.number(-3.25), "-3.3")
        XCTAssertEqual(SVGCanvas.number(.nan), "0")
        XCTAssertEqual(SVGCanvas.number(.infinity), "0")
        XCTAssertEqual(SVGCanvas.number(1e300), "1000000")
    }

    func testTheLinesAxisEndsOnARoundNumber() {
        XCTAssertEqual(CommitSizeChart.niceCeiling(1), 1)
        XCTAssertEqual(CommitSizeChart.niceCeiling(412), 500)
        XCTAssertEqual(CommitSizeChart.niceCeiling(300), 500)
        XCTAssertEqual(CommitSizeChart.niceCeiling(1000), 1000)
        XCTAssertEqual(CommitSizeChart.niceCeiling(1001), 2000)
        XCTAssertEqual(CommitSizeChart.niceCeiling(Int.max), Int.max)
    }

    /// Candidate text may mention URLs (a failure message quoting a request); no element or style loads one.
    func testThePageLoadsNothingFromAnywhere() {
        let html = HTMLReporter.render(Fixtures.many)
        for reference in [
            "src=", "href=\"http", "href=\"//", "xlink:href", "url(", "@import", "<link", "<script", "<img", "<iframe",
            "<object", "<embed", "<use",
        ] {
            XCTAssertFalse(html.contains(reference), reference)
        }
    }
}

import Foundation
import GraderAuthoring
import GraderCLI
import GraderCore
import GraderReports
import XCTest

/// `grader inspect-report` and what it relies on, without a browser: inflating zlib, decoding PNG, telling a blank
/// screenshot from a rendered page, and finding what an HTML page would load from elsewhere.
final class ReportInspectionTests: XCTestCase {
    private func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return out
    }

    // Made by Python's zlib.compress: level 9 (a fixed-Huffman block) and level 0 (a stored block).
    private let fixedBlock = "78da4b54284a2dc82f2a512848cd2fc84905f21253741412b188020047810f49"
    private let storedBlock = "7801010c00f3ff73746f72656420626c6f636b1f8004bd"

    func testInflatesFixedAndStoredBlocks() throws {
        XCTAssertEqual(
            String(decoding: try Inflate.zlib(bytes(fixedBlock), limit: 1000), as: UTF8.self),
            "a report people read, a report people read")
        XCTAssertEqual(
            String(decoding: try Inflate.zlib(bytes(storedBlock), limit: 1000), as: UTF8.self), "stored block")
    }

    func testBrokenOrOversizedStreamsFailWithTheirReason() {
        var corrupt = bytes(fixedBlock)
        corrupt[corrupt.count - 1] ^= 0xff
        XCTAssertThrowsError(try Inflate.zlib(corrupt, limit: 1000)) {
            XCTAssertEqual($0 as? Inflate.Failure, .checksum)
        }
        XCTAssertThrowsError(try Inflate.zlib(Array(bytes(fixedBlock).prefix(12)), limit: 1000)) {
            XCTAssertEqual($0 as? Inflate.Failure, .truncated)
        }
        XCTAssertThrowsError(try Inflate.zlib(bytes(fixedBlock), limit: 10)) {
            XCTAssertEqual($0 as? Inflate.Failure, .tooLarge(limit: 10))
        }
        XCTAssertThrowsError(try Inflate.zlib([0x12, 0x34, 0, 0, 0, 0], limit: 10)) {
            guard case .badHeader = $0 as? Inflate.Failure else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(Inflate.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    }

    /// A 64×40 screenshot Chromium took of a green bar, a red bar and "ok": dynamic Huffman codes, two IDAT chunks,
    /// and the sub, up and Paeth filters.
    static let chromiumPNG = """
        iVBORw0KGgoAAAANSUhEUgAAAEAAAAAoCAIAAADBrGu+AAABlklEQVR4nOyYP0sCYRzHrxBEzkEEzyWMc8j9HBJMBd01sKmLBCfL
        RdBAg0RpsXwNXdqchEcv4IIuTLDVUYKbPEUFG8ThetAh/0RDiL9HeD7T9/58hw/3O57nTqdpGrXJbFMbDhGARjd7sJM7oCBQcq/U
        fyEjBA0RgIYIQEMEoNl4gS2yGwWGCEAztxuVd93UKnB/ytS6ICMEDRGAhghAQwSgwV1AEO4zmcs/bphbide5gq4KvJ6ALL8Fg4fh
        8BHPn7RardlLnU7H4/E2Gh8LFYwE2m01kUgUi7eVymMgEEinfyZnPB7HYuepVNLp5BZaGAlIksRxnMOxhzLPH9fr9V6vtzUhn7/2
        +byhUGi5hZGAqqomk2ma9Xq90Uj3+330wShJL6IoWiyWX1sYCZjN5sFgMM2j0Wg4/GIYBmW7na1WnwqFG0VRllsYCfj9/lrtvdls
        olwqlV2ufZqm0fzYbDaWZePxs2TyYrmlo7DBamWy2Sv0shoMhm63Kwh36KQ2AYVoNCqKz+XyQyRyOtsifyWgIQLQfAMAAP//BUmm
        pgAAAAZJREFUAwBIKHvrJY+XKQAAAABJRU5ErkJggg==
        """

    private var chromiumImage: PNGImage {
        get throws {
            let data = try XCTUnwrap(Data(base64Encoded: Self.chromiumPNG, options: .ignoreUnknownCharacters))
            return try PNGImage(data: [UInt8](data))
        }
    }

    private func pixel(_ image: PNGImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.rgb[(y * image.width + x) * 3..<(y * image.width + x) * 3 + 3])
    }

    func testDecodesABrowserScreenshot() throws {
        let image = try chromiumImage
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 40)
        XCTAssertEqual(pixel(image, 10, 8), [27, 127, 59], "the green bar, #1b7f3b")
        XCTAssertEqual(pixel(image, 10, 22), [196, 30, 58], "the red bar, #c41e3a")
        XCTAssertEqual(pixel(image, 60, 2), [255, 255, 255])
    }

    func testAnImageRoundTripsThroughAStoredPNG() throws {
        let image = Self.page(width: 300, height: 200)
        XCTAssertEqual(try PNGImage(data: image.pngData()), image)
        let wide = PNGImage(width: 30_000, height: 3, rgb: [UInt8](repeating: 7, count: 270_000))
        XCTAssertEqual(try PNGImage(data: wide.pngData()), wide, "pixel data over one stored block")
    }

    func testWhatIsNotAReadablePNGSaysWhy() throws {
        XCTAssertThrowsError(try PNGImage(data: Array("<html>".utf8))) {
            XCTAssertEqual($0 as? PNGImage.Failure, .notPNG)
        }
        var png = Self.page(width: 20, height: 10).pngData()
        png[50] ^= 0x01
        XCTAssertThrowsError(try PNGImage(data: png)) {
            XCTAssertEqual($0 as? PNGImage.Failure, .badChunk("IDAT's CRC does not match"))
        }
        let data = try XCTUnwrap(Data(base64Encoded: Self.chromiumPNG, options: .ignoreUnknownCharacters))
        XCTAssertThrowsError(try PNGImage(data: Array([UInt8](data).prefix(300)))) {
            XCTAssertEqual($0 as? PNGImage.Failure, .truncated)
        }
        var sixteenBit = PNGImage(width: 4, height: 4, rgb: [UInt8](repeating: 0, count: 48)).pngData()
        sixteenBit[24] = 16
        let crc = CRC32.checksum(sixteenBit[12..<29])
        sixteenBit.replaceSubrange(
            29..<33, with: [UInt8(crc >> 24), UInt8((crc >> 16) & 0xff), UInt8((crc >> 8) & 0xff), UInt8(crc & 0xff)])
        XCTAssertThrowsError(try PNGImage(data: sixteenBit)) {
            XCTAssertEqual($0 as? PNGImage.Failure, .unsupported("bit depth 16"))
        }
    }

    // MARK: blank or not

    /// A white page with a grey band of "text" rows (several greys, as anti-aliasing gives) and coloured bars.
    static func page(width: Int, height: Int) -> PNGImage {
        var rgb = [UInt8](repeating: 255, count: width * height * 3)
        func paint(_ x: Int, _ y: Int, _ color: [UInt8]) {
            let offset = (y * width + x) * 3
            rgb.replaceSubrange(offset..<offset + 3, with: color)
        }
        for y in 0..<height where y % 12 < 8 {
            for x in 8..<(width * 2 / 3) where (x / 3 + y) % 4 != 0 {
                paint(x, y, [UInt8](repeating: UInt8(40 + (x * 7 + y) % 180), count: 3))
            }
        }
        for y in stride(from: 4, to: height, by: 20) {
            for row in y..<min(height, y + 8) {
                for x in (width * 2 / 3)..<(width - 4) { paint(x, row, y % 40 == 4 ? [27, 127, 59] : [10, 111, 214]) }
            }
        }
        return PNGImage(width: width, height: height, rgb: rgb)
    }

    func testABlankScreenshotFails() throws {
        let white = PNGImage(width: 320, height: 240, rgb: [UInt8](repeating: 255, count: 320 * 240 * 3))
        let inspection = ScreenshotInspection(try PNGImage(data: white.pngData()))
        XCTAssertEqual(inspection.contentShare, 0)
        XCTAssertEqual(inspection.levels, 1)
        XCTAssertEqual(inspection.background, 255)
        XCTAssertEqual(
            inspection.problems(),
            [
                "blank: 0% of the pixels differ from the background (at least 2% expected)",
                "flat: 1 grey levels (at least 16 expected from rendered text)",
                "no colour: 0% of the pixels are coloured (at least 0.1% expected from the charts)",
            ])
    }

    func testAPageWithOneLineOnItIsStillBlank() throws {
        var image = PNGImage(width: 320, height: 240, rgb: [UInt8](repeating: 250, count: 320 * 240 * 3))
        for x in 10..<120 {
            for y in 10..<14 {
                let offset = (y * 320 + x) * 3
                let grey = UInt8(30 + (x * 13 + y * 7) % 200)
                image.rgb.replaceSubrange(offset..<offset + 3, with: [grey, grey, grey])
            }
        }
        let inspection = ScreenshotInspection(try PNGImage(data: image.pngData()))
        XCTAssertGreaterThan(inspection.levels, 16, "text-like greys")
        XCTAssertLessThan(inspection.contentShare, 0.02)
        XCTAssertTrue(inspection.problems().contains { $0.hasPrefix("blank: 0.") }, "\(inspection.problems())")
    }

    func testARenderedPagePasses() throws {
        let inspection = ScreenshotInspection(try PNGImage(data: Self.page(width: 320, height: 240).pngData()))
        XCTAssertEqual(inspection.problems(), [], inspection.summary)
        XCTAssertGreaterThan(inspection.contentShare, 0.2)
        XCTAssertGreaterThan(inspection.colourShare, 0.05)
        XCTAssertEqual(inspection.background, 255)
        XCTAssertEqual(ScreenshotInspection(try chromiumImage).problems(), [], "the browser's own screenshot")
    }

    func testAGreyPageWithoutTheChartsColoursFails() {
        var image = Self.page(width: 320, height: 240)
        for index in stride(from: 0, to: image.rgb.count, by: 3) {
            let grey = UInt8((Int(image.rgb[index]) + Int(image.rgb[index + 1]) + Int(image.rgb[index + 2])) / 3)
            image.rgb.replaceSubrange(index..<index + 3, with: [grey, grey, grey])
        }
        let problems = ScreenshotInspection(image).problems()
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.hasPrefix("no colour: 0%") == true, "\(problems)")
    }

    // MARK: the page itself

    private var report: String { HTMLReporter.render([Self.sampleResult]) }

    func testTheHTMLReportIsOneSelfContainedPageWithItsCharts() {
        let page = ReportPageInspection(html: report)
        XCTAssertEqual(page.problems, [])
        XCTAssertEqual(page.externalReferences, [])
        XCTAssertEqual(page.charts, 4)
        XCTAssertEqual(page.chartNotes, 0)
        var bare = Self.sampleResult
        bare.history = nil
        bare.ownTests = nil
        let notes = ReportPageInspection(html: HTMLReporter.render([bare]))
        XCTAssertEqual(notes.problems, [])
        XCTAssertEqual(notes.charts, 1)
        XCTAssertEqual(notes.chartNotes, 3)
    }

    func testCandidateTextQuotingURLsIsNoReference() {
        var result = Self.sampleResult
        result.notes = ["see https://evil.example/x.png and url(https://evil.example) <img src=x>"]
        result.history?.commitLog?[0].title = "<link rel=stylesheet href=https://evil.example/a.css>"
        XCTAssertEqual(ReportPageInspection(html: HTMLReporter.render([result])).problems, [])
    }

    func testEverythingThatWouldLoadIsFound() {
        let cases = [
            "<img src=\"https://example.com/a.png\">": "<img> element",
            "<link rel=\"stylesheet\" href=\"https://example.com/a.css\">": "<link> element",
            "<script>alert(1)</script>": "<script> element",
            "<a href=\"https://example.com\">x</a>": "href=\"https://example.com\" on <a>",
            "<div style=\"background: url(//example.com/a.png)\"></div>":
                "style=\"background: url(//example.com/a.png)\" on <div>",
            "<style>@import 'https://example.com/a.css';</style>": "url(…) or @import in a <style> element",
            "<svg><image xlink:href=\"a.png\"/></svg>": "<image> element",
            "<meta http-equiv=\"refresh\" content=\"0; url=https://example.com\">": "a meta refresh",
        ]
        for (markup, expected) in cases {
            let html = report.replacingOccurrences(of: "</main>", with: markup + "\n</main>")
            let page = ReportPageInspection(html: html)
            XCTAssertTrue(page.externalReferences.contains(expected), "\(markup): \(page.externalReferences)")
            XCTAssertTrue(page.problems.contains("external reference: \(expected)"), markup)
        }
        XCTAssertEqual(
            ReportPageInspection(
                html: report.replacingOccurrences(of: "</main>", with: "<a href=\"#submission-1\">top</a></main>")
            ).problems, [])
    }

    func testABrokenPageIsFound() {
        XCTAssertTrue(
            ReportPageInspection(html: report.replacingOccurrences(of: "</svg>", with: "")).problems.contains(
                "4 <svg> opened, 0 closed"))
        let noPolicy = report.replacingOccurrences(of: "Content-Security-Policy", with: "X-Nothing")
        XCTAssertTrue(
            ReportPageInspection(html: noPolicy).problems.contains("no Content-Security-Policy with default-src 'none'")
        )
        XCTAssertTrue(
            ReportPageInspection(html: report, dom: "").problems.contains(
                "the browser could not load the page (its DOM is empty)"))
        let halfDrawn = ReportPageInspection(
            html: report, dom: "<section class=\"report\"><svg></svg><svg></svg></section>")
        XCTAssertEqual(halfDrawn.problems, ["the browser built 2 charts of the page's 4"])
        XCTAssertEqual(halfDrawn.browserCharts, 2)
        XCTAssertEqual(ReportPageInspection(html: report, dom: report).problems, [])
    }

    /// A graded submission with every chart's data: criteria of each status, ten commits over two days (one over
    /// the threshold), coverage of four files.
    static var sampleResult: GradeResult {
        let statuses: [(String, CriterionStatus, Double, Double)] = [
            ("MC1", .passed, 4, 4), ("MC2", .partial, 5, 8), ("MC3", .failed, 0, 6), ("no-force", .passed, 2, 2),
            ("history", .partial, 3.2, 8), ("coverage", .passed, 8, 8), ("architecture", .manual, 0, 7),
        ]
        let criteria = statuses.map { id, status, score, points in
            CriterionResult(
                id: id, title: "Criterion \(id)", kind: .tests, score: score, maxScore: points, status: status,
                evidence: [])
        }
        let start = Date(timeIntervalSince1970: 1_767_625_200)
        var history = HistorySummary(
            commits: 10, baseline: String(repeating: "ab", count: 20), medianLines: 40, maxLines: 320,
            shareOverThreshold: 0.1, daysWithCommits: 2, observations: [], problems: [])
        history.maxCommitLines = 200
        history.commitLog = (0..<10).map { index in
            CommitSummary(
                hash: String(format: "%040x", index + 1), title: "Implement step \(index + 1)",
                authoredAt: start.addingTimeInterval(Double(index) * (index < 5 ? 1_800 : 7_200)),
                lines: index == 4 ? 320 : 20 + index * 6, touchesTests: index % 3 == 2)
        }
        let own = OwnTestsSummary(
            total: 12, passed: 12, failed: 0, lineCoverage: 81.5,
            files: [
                FileCoverage(path: "Sources/App/Networking/APIClient.swift", lineCoverage: 92),
                FileCoverage(path: "Sources/App/Images/ImageLoader.swift", lineCoverage: 64.5),
                FileCoverage(path: "Sources/App/Presentation/SearchViewModel.swift", lineCoverage: 100),
                FileCoverage(path: "Sources/App/Support/Scheduler.swift", lineCoverage: 40),
            ])
        return GradeResult(
            graderVersion: "0.1.0", status: .pass, message: "passed", exercise: "movie-client", submission: "sample",
            passed: true, score: 22.2, maxScore: 43, passPercent: 50, criteria: criteria, tests: [], findings: [],
            history: history, ownTests: own, manualReview: [], followUpQuestions: [], notes: [])
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-screenshot-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    // MARK: the command, in-process

    private final class Printed: @unchecked Sendable {
        let lock = NSLock()
        var out = ""
    }

    private func inspect(_ words: [String]) -> (code: Int32, out: String) {
        let printed = Printed()
        let output = GraderCLI.Output(out: { text in printed.lock.withLock { printed.out += text } }, err: { _ in })
        let code = GraderCLI(output: output, environment: [:]).run(["inspect-report"] + words)
        return (code, printed.out)
    }

    func testInspectReportPassesAPageAndFailsABlankScreenshot() throws {
        let folder = try temporaryFolder()
        let html = folder.appendingPathComponent("report.html")
        try HTMLReporter.render([Self.sampleResult]).write(to: html, atomically: true, encoding: .utf8)
        let busy = folder.appendingPathComponent("busy.png")
        try Data(Self.page(width: 200, height: 150).pngData()).write(to: busy)
        let white = folder.appendingPathComponent("white.png")
        let whitePixels = [UInt8](repeating: 255, count: 200 * 150 * 3)
        try Data(PNGImage(width: 200, height: 150, rgb: whitePixels).pngData()).write(to: white)

        let good = inspect([html.path, busy.path])
        XCTAssertEqual(good.code, 0, good.out)
        XCTAssertTrue(
            good.out.hasPrefix("\(html.path): 4 charts, 0 notes instead of a chart, no external references\n"))
        XCTAssertTrue(good.out.hasSuffix("inspect-report: the page is whole\n"), good.out)

        let blank = inspect([html.path, white.path])
        XCTAssertEqual(blank.code, 1, blank.out)
        XCTAssertTrue(blank.out.contains("\(white.path): 200×150, 0% content, 0% colour, 1 levels"), blank.out)
        XCTAssertTrue(blank.out.contains("  ✗ blank: 0% of the pixels differ from the background"), blank.out)
        XCTAssertTrue(blank.out.hasSuffix("inspect-report: FAILED\n"), blank.out)

        let missing = inspect([html.path, folder.appendingPathComponent("none.png").path])
        XCTAssertEqual(missing.code, 1)
        XCTAssertTrue(missing.out.contains("✗ no screenshot at "), missing.out)
        XCTAssertEqual(inspect([folder.appendingPathComponent("none.html").path]).code, 2)
    }
}

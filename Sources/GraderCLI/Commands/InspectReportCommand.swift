import Foundation
import GraderAuthoring
import GraderCore
import GraderKit

/// `grader inspect-report <report.html> [<screenshot.png>]`: the checks tools/screenshot-report.sh runs on what
/// the browser made of the HTML report.
struct InspectReportCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "inspect-report", abstract: "For maintainers: check an HTML report and its browser screenshot.",
        discussion: """
            Checks that an HTML report is one self-contained page (no script, no image, font, style or link to
            load from anywhere; a Content-Security-Policy) with balanced chart SVG; given the browser's
            screenshot, that it is not blank (enough pixels off the background, grey levels from text, colour
            from the charts); given the DOM the browser built (chromium --dump-dom), that it holds every chart.
            tools/screenshot-report.sh renders the demo's report in headless Chromium and runs this.
            """,
        arguments: [
            ArgumentSpec("report", "The HTML report.", completion: .file),
            ArgumentSpec("screenshot", "A PNG screenshot of it.", count: .optional, completion: .file),
        ],
        options: [
            .value("dom", "file", "The DOM the browser built from the report (chromium --dump-dom).", completion: .file)
        ],
        exitCodes: "0 the page is whole, 1 blank or broken, 2 usage error (the report cannot be read).")

    let report: String
    let screenshot: String?
    let dom: String?

    init(_ invocation: Invocation) throws {
        report = invocation.positional[0]
        screenshot = invocation.positional.count > 1 ? invocation.positional[1] : nil
        dom = invocation.value("dom")
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let html = try read(report)
        let domText = try dom.map(read)
        let page = ReportPageInspection(html: html, dom: domText)
        var problems = page.problems
        context.output.out(
            "\(report): \(page.charts) chart\(page.charts == 1 ? "" : "s"), \(page.chartNotes) note\(page.chartNotes == 1 ? "" : "s") "
                + "instead of a chart, \(page.externalReferences.isEmpty ? "no" : "\(page.externalReferences.count)") "
                + "external references\n")
        if let drawn = page.browserCharts { context.output.out("\(dom ?? ""): the browser built \(drawn) charts\n") }
        if let screenshot {
            do {
                let image = try PNGImage(contentsOf: URL(fileURLWithPath: screenshot))
                let inspection = ScreenshotInspection(image)
                context.output.out("\(screenshot): \(inspection.summary)\n")
                problems += inspection.problems()
            } catch let failure as PNGImage.Failure {
                problems.append("\(screenshot) is not a readable PNG: \(failure)")
            } catch {
                problems.append("no screenshot at \(screenshot): the browser wrote none")
            }
        }
        for problem in problems { context.output.out("  ✗ \(problem)\n") }
        context.output.out(problems.isEmpty ? "inspect-report: the page is whole\n" : "inspect-report: FAILED\n")
        return problems.isEmpty ? 0 : 1
    }

    private func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GraderError.usage("cannot read \(path)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

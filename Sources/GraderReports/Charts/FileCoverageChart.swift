import GraderCore

/// Coverage per file: one bar per source file, from 0 to 100% of its lines run by the candidate's own tests,
/// with the overall figure as a dashed line, so untested files stand out.
enum FileCoverageChart {
    static let width = 880.0
    static let rowHeight = 20.0
    static let top = 22.0
    static let labelRight = 340.0
    static let barLeft = 350.0
    static let barWidth = 440.0
    static let labelLimit = 46
    /// Files drawn at most; the table under the chart lists them all.
    static let fileLimit = 40

    static func chart(_ own: OwnTestsSummary?, idPrefix: String) -> Chart {
        let title = "Coverage per file"
        guard let own else {
            return Chart(
                id: "coverage", title: title, body: .note("The candidate's own tests did not run: no coverage."),
                caption: nil)
        }
        guard let overall = own.lineCoverage else {
            return Chart(id: "coverage", title: title, body: .note("Line coverage was not measured."), caption: nil)
        }
        guard !own.files.isEmpty else {
            return Chart(
                id: "coverage", title: title, body: .note("This result lists no coverage per file."), caption: nil)
        }
        let files = own.files.prefix(fileLimit)
        let rest = own.files.count - files.count
        let rows = Double(files.count + (rest > 0 ? 1 : 0))
        var canvas = SVGCanvas(width: width, height: top + rows * rowHeight + 6)
        for (index, file) in files.enumerated() {
            let row = top + Double(index) * rowHeight
            let percent = clamp(file.lineCoverage)
            let tooltip = "\(file.path): \(Figures.percent(percent))"
            canvas.text(
                ChartLabel.tail(file.path, labelLimit), x: labelRight, y: row + 13, anchor: .end, monospace: true,
                tooltip: tooltip)
            canvas.rect(x: barLeft, y: row + 3, width: barWidth, height: 13, fill: ChartColor.track)
            canvas.rect(
                x: barLeft, y: row + 3, width: percent / 100 * barWidth, height: 13, fill: ChartColor.tests,
                tooltip: tooltip)
            canvas.text(Figures.percent(percent), x: barLeft + barWidth + 10, y: row + 13, fill: ChartColor.muted)
        }
        if rest > 0 {
            canvas.text(
                "… and \(rest) more file\(rest == 1 ? "" : "s") in the table below", x: labelRight,
                y: top + Double(files.count) * rowHeight + 13, anchor: .end, fill: ChartColor.muted)
        }
        let overallX = barLeft + clamp(overall) / 100 * barWidth
        canvas.line(
            x1: overallX, y1: top - 4, x2: overallX, y2: top + Double(files.count) * rowHeight, stroke: ChartColor.text,
            dashed: true)
        canvas.text(
            "overall \(Figures.percent(clamp(overall)))", x: overallX, y: top - 8, anchor: .middle,
            fill: ChartColor.text)

        let shown = rest > 0 ? "the first \(files.count) of \(own.files.count) files" : "\(files.count) files"
        let description =
            "Line coverage of \(shown) by the candidate's own tests; overall \(Figures.percent(clamp(overall)))"
        let svg = canvas.render(id: "\(idPrefix)-chart-coverage", title: title, description: description)
        return Chart(
            id: "coverage", title: title, body: .svg(svg),
            caption: description + ". Each bar runs from 0 to 100% of the file's lines; the dashed line is the "
                + "overall figure.")
    }

    private static func clamp(_ percent: Double) -> Double { percent.isFinite ? min(max(percent, 0), 100) : 0 }
}

import GraderCore

/// Lines per commit: one bar per commit after the baseline, in order, against the rubric's size threshold, so a
/// dump commit between tiny ones stands out however many commits surround it.
enum CommitSizeChart {
    static let width = 880.0
    static let height = 180.0
    static let left = 56.0
    static let right = 864.0
    static let top = 20.0
    static let bottom = 150.0

    static func chart(_ history: HistorySummary?, idPrefix: String) -> Chart {
        let title = "Lines per commit"
        if let reason = Chart.missingCommits(history) {
            return Chart(id: "commit-sizes", title: title, body: .note(reason), caption: nil)
        }
        guard let history, let log = history.commitLog, !log.isEmpty else {
            return Chart(id: "commit-sizes", title: title, body: .note("No commits to draw."), caption: nil)
        }
        let threshold = history.maxCommitLines.map { max(0, $0) }
        let largest = log.map { max(0, $0.lines) }.max() ?? 0
        let ceiling = Double(niceCeiling(max(largest, threshold ?? 0, 1)))
        func y(_ lines: Double) -> Double { bottom - min(lines, ceiling) / ceiling * (bottom - top) }

        var canvas = SVGCanvas(width: width, height: height)
        for fraction in [0.0, 0.5, 1.0] {
            let value = ceiling * fraction
            canvas.line(x1: left, y1: y(value), x2: right, y2: y(value), stroke: ChartColor.grid)
            canvas.text(Figures.plain(value), x: left - 6, y: y(value) + 4, anchor: .end, fill: ChartColor.muted)
        }
        let slot = (right - left) / Double(log.count)
        let gap = min(2, slot * 0.2)
        for (index, commit) in log.enumerated() {
            let lines = max(0, commit.lines)
            let over = threshold.map { lines > $0 } ?? false
            let x = left + Double(index) * slot + gap / 2
            let tooltip =
                "#\(index + 1) \(commit.hash.prefix(7)), "
                + "\(commit.sizeUnknown == true ? "size unknown" : "\(lines) lines"): \(commit.title)"
            if commit.sizeUnknown == true {
                canvas.rect(
                    x: x, y: top, width: slot - gap, height: bottom - top, fill: ChartColor.track, tooltip: tooltip)
                continue
            }
            let color = over ? ChartColor.failed : commit.touchesTests ? ChartColor.tests : ChartColor.code
            canvas.rect(
                x: x, y: y(Double(lines)), width: slot - gap, height: bottom - y(Double(lines)), fill: color,
                tooltip: tooltip)
        }
        if let threshold {
            canvas.line(
                x1: left, y1: y(Double(threshold)), x2: right, y2: y(Double(threshold)), stroke: ChartColor.failed,
                dashed: true)
            canvas.text(
                "\(threshold)-line threshold", x: right, y: y(Double(threshold)) - 4, anchor: .end,
                fill: ChartColor.failed)
        }
        let every = max(1, (log.count + 19) / 20)
        for index in log.indices where index % every == 0 || index == log.count - 1 {
            canvas.text(
                "\(index + 1)", x: left + (Double(index) + 0.5) * slot, y: bottom + 16, anchor: .middle,
                fill: ChartColor.muted)
        }
        canvas.text("commit", x: left - 6, y: bottom + 16, anchor: .end, fill: ChartColor.muted)

        let count = Chart.commitCount(history, drawn: log.count)
        let description = "\(count) in order; the largest changed \(largest) lines"
        var caption = "Lines changed (generated, vendored and binary files excluded); blue: the commit touches tests"
        if let threshold { caption += "; red: over the \(threshold)-line threshold" }
        if log.contains(where: { $0.sizeUnknown == true }) { caption += "; pale: size unknown (shallow clone)" }
        let svg = canvas.render(id: "\(idPrefix)-chart-commit-sizes", title: title, description: description)
        return Chart(id: "commit-sizes", title: title, body: .svg(svg), caption: description + ". " + caption + ".")
    }

    /// The smallest 1, 2 or 5 × 10ⁿ at or above `value`: a round top for the axis.
    static func niceCeiling(_ value: Int) -> Int {
        var magnitude = 1
        while magnitude <= Int.max / 10, magnitude * 10 <= value { magnitude *= 10 }
        for step in [1, 2, 5, 10] {
            let (top, overflow) = step.multipliedReportingOverflow(by: magnitude)
            if overflow { break }
            if top >= value { return top }
        }
        return value
    }
}

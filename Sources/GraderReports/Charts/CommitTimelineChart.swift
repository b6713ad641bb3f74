import Foundation
import GraderCore

/// Commit timeline: each commit after the baseline as a dot at its author time, its area growing with the
/// lines it changed. A history built over an afternoon spreads out; a dump replayed in a minute is one blot.
enum CommitTimelineChart {
    static let width = 880.0
    static let height = 110.0
    static let left = 40.0
    static let right = 840.0
    static let axis = 64.0
    static let largestRadius = 14.0

    static func chart(_ history: HistorySummary?, idPrefix: String) -> Chart {
        let title = "Commit timeline"
        if let reason = Chart.missingCommits(history) {
            return Chart(id: "timeline", title: title, body: .note(reason), caption: nil)
        }
        guard let history, let log = history.commitLog else {
            return Chart(id: "timeline", title: title, body: .note("No commits to draw."), caption: nil)
        }
        let dated = log.enumerated().compactMap { index, commit in commit.authorDate.map { (index, commit, $0) } }
        guard let first = dated.map(\.2).min(), let last = dated.map(\.2).max() else {
            return Chart(
                id: "timeline", title: title, body: .note("No commit carries a readable author date."),
                caption: nil)
        }
        let span = last.timeIntervalSince(first)
        let largest = Double(max(1, dated.map { max(0, $0.1.lines) }.max() ?? 1))
        let threshold = history.maxCommitLines
        func x(_ date: Date) -> Double {
            span > 0 ? left + date.timeIntervalSince(first) / span * (right - left) : (left + right) / 2
        }

        var canvas = SVGCanvas(width: width, height: height)
        canvas.line(x1: left, y1: axis, x2: right, y2: axis, stroke: ChartColor.grid)
        for day in dayBoundaries(from: first, to: last) {
            canvas.line(x1: x(day.date), y1: 16, x2: x(day.date), y2: axis + 18, stroke: ChartColor.grid, dashed: true)
            canvas.text(day.label, x: x(day.date) + 3, y: 12, fill: ChartColor.muted)
        }
        for (index, commit, date) in dated {
            let lines = max(0, commit.lines)
            let radius = 3 + (largestRadius - 3) * (Double(lines) / largest).squareRoot()
            let over = threshold.map { lines > $0 } ?? false
            canvas.circle(
                x: x(date), y: axis, radius: radius, fill: commit.touchesTests ? ChartColor.tests : ChartColor.code,
                stroke: over ? ChartColor.failed : nil,
                tooltip: "#\(index + 1) \(commit.hash.prefix(7)), \(ChartDate.minute(date)) UTC, "
                    + "\(commit.sizeUnknown == true ? "size unknown" : "\(lines) lines"): \(commit.title)")
        }
        canvas.text(ChartDate.minute(first), x: left, y: height - 8, fill: ChartColor.muted)
        if span > 0 {
            canvas.text(ChartDate.minute(last), x: right, y: height - 8, anchor: .end, fill: ChartColor.muted)
        }

        let count = Chart.commitCount(history, drawn: dated.count)
        let description =
            span > 0
            ? "\(count) from \(ChartDate.minute(first)) to \(ChartDate.minute(last)) UTC"
            : "\(count), all at \(ChartDate.minute(first)) UTC"
        var caption = "Author times in UTC; a dot's area grows with the lines the commit changed; blue: it touches "
        caption += "tests, grey: it does not"
        if let threshold { caption += "; red ring: over the \(threshold)-line threshold" }
        let svg = canvas.render(id: "\(idPrefix)-chart-timeline", title: title, description: description)
        return Chart(id: "timeline", title: title, body: .svg(svg), caption: description + ". " + caption + ".")
    }

    /// The midnights (UTC) between `first` and `last`: every one, or every k-th so that ten at most are marked.
    static func dayBoundaries(from first: Date, to last: Date) -> [(date: Date, label: String)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard var day = calendar.nextDate(after: first, matching: DateComponents(hour: 0), matchingPolicy: .strict)
        else { return [] }
        var days: [Date] = []
        while day <= last, days.count < 4000 {
            days.append(day)
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        let every = max(1, (days.count + 9) / 10)
        return days.enumerated().filter { $0.offset % every == 0 }.map { ($0.element, ChartDate.day($0.element)) }
    }
}

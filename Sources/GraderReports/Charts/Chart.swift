import Foundation
import GraderCore

/// One chart of the HTML report: an inline SVG, or a one-line note saying why there is nothing to draw.
///
/// Charts are drawn from the `GradeResult` alone, as plain SVG markup: no script, no font or image from anywhere,
/// so the page stays one self-contained file under its Content-Security-Policy. Every string a submission
/// controls (commit titles, file paths, criterion titles from a hand-edited result) goes through
/// `Escape.markup`, and every number through `SVGCanvas.number`, so no input can end an element early or write
/// `NaN` into a coordinate.
struct Chart: Equatable {
    enum Body: Equatable {
        /// A complete `<svg>…</svg>` element.
        case svg(String)
        /// Why there is no chart, one line of plain text.
        case note(String)
    }

    /// The chart's part of an element id: `criteria`, `timeline`, `commit-sizes`, `coverage`.
    var id: String
    var title: String
    var body: Body
    /// What the marks mean (scale, colours), one line of plain text under the chart.
    var caption: String?

    /// The four charts of one report, in page order: score per criterion, commit timeline, lines per commit,
    /// coverage per file. `idPrefix` keeps element ids unique when a page holds several reports.
    static func charts(for result: GradeResult, idPrefix: String) -> [Chart] {
        [
            CriterionScoreChart.chart(result.criteria, idPrefix: idPrefix),
            CommitTimelineChart.chart(result.history, idPrefix: idPrefix),
            CommitSizeChart.chart(result.history, idPrefix: idPrefix),
            FileCoverageChart.chart(result.ownTests, idPrefix: idPrefix),
        ]
    }

    /// Why a history gives no per-commit chart, or nil when it has commits to draw.
    static func missingCommits(_ history: HistorySummary?) -> String? {
        guard let history else { return "No git history was read." }
        if history.commits == 0 || history.commitLog?.isEmpty == true {
            return history.problems.first.map { "No commits to draw: \($0)." } ?? "No commits after the baseline."
        }
        if history.commitLog == nil {
            return "This result carries no per-commit figures (it was written by a grader before they were added)."
        }
        return nil
    }

    /// "the first 500 of 5,000 commits" when the log was cut, else "9 commits".
    static func commitCount(_ history: HistorySummary, drawn: Int) -> String {
        if history.commits > drawn { return "the first \(drawn) of \(history.commits) commits" }
        return drawn == 1 ? "1 commit" : "\(drawn) commits"
    }
}

/// Colours shared by the charts, so a colour means one thing on the whole page.
enum ChartColor {
    static let text = "#1d1d1f"
    static let muted = "#6e6e73"
    static let track = "#e5e5ea"
    static let grid = "#d2d2d7"
    static let passed = "#1b7f3b"
    static let partial = "#d08a00"
    static let failed = "#c41e3a"
    static let failedTrack = "#f5cbd2"
    static let neutral = "#8e8e93"
    /// A commit that touches tests; a covered share of a file.
    static let tests = "#0a6fd6"
    /// A commit that touches no tests.
    static let code = "#6e6e73"
}

/// Builds one `<svg>` element from marks placed in a fixed coordinate space (the `viewBox`), scaled to the
/// page's width by CSS.
struct SVGCanvas {
    let width: Double
    var height: Double
    private var marks: [String] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A coordinate or length: one decimal at most, `0` for anything not finite, never an exponent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -1_000_000), 1_000_000)
        let tenths = Int((clamped * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = abs(tenths) / 10
        let fraction = abs(tenths) % 10
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    private static func n(_ value: Double) -> String { number(value) }

    /// `<title>` for a mark: the tooltip a browser shows on hover (escaped).
    private static func tooltip(_ text: String?) -> String {
        text.map { "<title>\(Escape.markup(Escape.oneLine($0)))</title>" } ?? ""
    }

    private mutating func add(_ element: String, _ attributes: String, tooltip: String?) {
        if let tooltip {
            marks.append("<\(element) \(attributes)>\(Self.tooltip(tooltip))</\(element)>")
        } else {
            marks.append("<\(element) \(attributes)/>")
        }
    }

    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double? = nil,
        tooltip: String? = nil
    ) {
        var attributes =
            "x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(max(0, width)))\" "
            + "height=\"\(Self.n(max(0, height)))\" fill=\"\(fill)\""
        if let opacity { attributes += " fill-opacity=\"\(Self.n(opacity))\"" }
        add("rect", attributes, tooltip: tooltip)
    }

    mutating func circle(
        x: Double, y: Double, radius: Double, fill: String, stroke: String? = nil, tooltip: String? = nil
    ) {
        var attributes =
            "cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(max(0, radius)))\" fill=\"\(fill)\" "
            + "fill-opacity=\"0.75\""
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"2\"" }
        add("circle", attributes, tooltip: tooltip)
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, dashed: Bool = false, width: Double = 1
    ) {
        var attributes =
            "x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" "
            + "stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\""
        if dashed { attributes += " stroke-dasharray=\"4 3\"" }
        add("line", attributes, tooltip: nil)
    }

    enum Anchor: String { case start, middle, end }

    /// A one-line label; `text` is escaped here.
    mutating func text(
        _ text: String, x: Double, y: Double, anchor: Anchor = .start, fill: String = ChartColor.text,
        monospace: Bool = false, tooltip: String? = nil
    ) {
        var attributes = "x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" fill=\"\(fill)\""
        if anchor != .start { attributes += " text-anchor=\"\(anchor.rawValue)\"" }
        if monospace { attributes += " font-family=\"ui-monospace, Menlo, Consolas, monospace\"" }
        marks.append(
            "<text \(attributes)>\(Self.tooltip(tooltip))\(Escape.markup(Escape.oneLine(text)))</text>")
    }

    /// The `<svg>` element, labelled for screen readers by `title` and `description` (escaped here).
    func render(id: String, title: String, description: String) -> String {
        let header =
            "<svg id=\"\(id)\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\" role=\"img\" "
            + "aria-labelledby=\"\(id)-title \(id)-desc\" font-size=\"12\" "
            + "font-family=\"-apple-system, Segoe UI, Helvetica, Arial, sans-serif\">"
        let labels =
            "<title id=\"\(id)-title\">\(Escape.markup(title))</title>"
            + "<desc id=\"\(id)-desc\">\(Escape.markup(description))</desc>"
        return ([header + labels] + marks + ["</svg>"]).joined(separator: "\n")
    }
}

/// Cutting labels to fit a chart's label column, by characters.
enum ChartLabel {
    /// The first `limit` characters, with `…` when cut.
    static func head(_ text: String, _ limit: Int) -> String {
        let text = Escape.oneLine(text)
        return text.count <= limit ? text : String(text.prefix(max(1, limit - 1))) + "…"
    }

    /// The last `limit` characters, with `…` in front when cut: a path keeps its file name.
    static func tail(_ text: String, _ limit: Int) -> String {
        let text = Escape.oneLine(text)
        return text.count <= limit ? text : "…" + String(text.suffix(max(1, limit - 1)))
    }
}

/// Dates on the charts' axes and tooltips, in UTC as the result stores them.
enum ChartDate {
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    /// `2026-01-05 10:00`.
    static func minute(_ date: Date) -> String { formatter("yyyy-MM-dd HH:mm").string(from: date) }

    /// `Jan 6`.
    static func day(_ date: Date) -> String { formatter("MMM d").string(from: date) }
}

import GraderCore

/// Score per criterion: one row per rubric criterion, a grey track as long as its points and a bar as long as
/// the points scored, coloured by status, so where the points went and where they were lost reads at a glance.
enum CriterionScoreChart {
    static let width = 880.0
    static let rowHeight = 22.0
    static let labelWidth = 250.0
    static let barWidth = 450.0
    static let labelLimit = 38

    static func chart(_ criteria: [CriterionResult], idPrefix: String) -> Chart {
        let title = "Score per criterion"
        guard !criteria.isEmpty else {
            return Chart(id: "criteria", title: title, body: .note("No criteria were scored."), caption: nil)
        }
        let most = criteria.map { finite($0.maxScore) }.max() ?? 0
        let scale = most > 0 ? barWidth / most : 0
        var canvas = SVGCanvas(width: width, height: 8 + Double(criteria.count) * rowHeight + 4)
        for (index, criterion) in criteria.enumerated() {
            let top = 8 + Double(index) * rowHeight
            let points = finite(criterion.maxScore)
            let scored = min(max(finite(criterion.score), 0), points)
            let value = Figures.score(scored, of: points) + suffix(criterion.status)
            let tooltip = "\(criterion.id) \(criterion.title): \(value) (\(criterion.status.rawValue))"
            canvas.text(
                ChartLabel.head("\(criterion.id) \(criterion.title)", labelLimit), x: labelWidth - 8, y: top + 13,
                anchor: .end, tooltip: tooltip)
            let track = criterion.status == .failed ? ChartColor.failedTrack : ChartColor.track
            canvas.rect(x: labelWidth, y: top + 3, width: points * scale, height: 14, fill: track)
            canvas.rect(
                x: labelWidth, y: top + 3, width: scored * scale, height: 14, fill: color(criterion.status),
                tooltip: tooltip)
            canvas.text(value, x: labelWidth + barWidth + 10, y: top + 13, fill: ChartColor.muted)
        }
        let scored = criteria.reduce(0) { $0 + min(max(finite($1.score), 0), finite($1.maxScore)) }
        let total = criteria.reduce(0) { $0 + finite($1.maxScore) }
        let svg = canvas.render(
            id: "\(idPrefix)-chart-criteria", title: title,
            description: "\(criteria.count) criteria, \(Figures.score(scored, of: total)) points in all")
        return Chart(
            id: "criteria", title: title, body: .svg(svg),
            caption: "Each track is as long as the criterion's points, its bar as long as the points scored: "
                + "green all, amber part, a red track none; grey: left for the interviewer, not checked or withheld.")
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }

    private static func suffix(_ status: CriterionStatus) -> String {
        switch status {
        case .manual: return " manual"
        case .notChecked: return " not checked"
        case .withheld: return " withheld"
        case .passed, .partial, .failed: return ""
        }
    }

    private static func color(_ status: CriterionStatus) -> String {
        switch status {
        case .passed: return ChartColor.passed
        case .partial: return ChartColor.partial
        case .failed: return ChartColor.failed
        case .manual, .notChecked, .withheld: return ChartColor.neutral
        }
    }
}

import GraderCore

/// Whether a screenshot shows a page or nothing: a blank, near-empty or one-colour image fails.
///
/// Measured on luminance (Rec. 601 weights) over every pixel: the share of pixels that differ from the most
/// common luminance (the page's background) by more than a few levels, the number of distinct levels (text is
/// anti-aliased, so a rendered page has many), and the share of saturated pixels (the charts' colours). A white
/// page, a page with one error line on it, or a page whose content failed to draw falls under the thresholds.
public struct ScreenshotInspection: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// The share of pixels, 0–1, more than `tolerance` luminance levels away from the background.
    public var contentShare: Double
    /// The share of pixels, 0–1, whose channels spread by more than 60 levels: colour, not grey.
    public var colourShare: Double
    /// Distinct luminance levels (0–256).
    public var levels: Int
    /// The most common luminance, 0–255.
    public var background: Int
    /// Luminance standard deviation.
    public var deviation: Double

    /// What a page must show to pass.
    public struct Thresholds: Sendable, Equatable {
        public var contentShare: Double
        public var colourShare: Double
        public var levels: Int

        public init(contentShare: Double = 0.02, colourShare: Double = 0.001, levels: Int = 16) {
            self.contentShare = contentShare
            self.colourShare = colourShare
            self.levels = levels
        }
    }

    /// Luminance levels within which a pixel counts as background.
    public static let tolerance = 4

    public init(_ image: PNGImage) {
        var histogram = [Int](repeating: 0, count: 256)
        var colourful = 0
        image.rgb.withUnsafeBufferPointer { rgb in
            var index = 0
            while index + 2 < rgb.count {
                let r = Int(rgb[index])
                let g = Int(rgb[index + 1])
                let b = Int(rgb[index + 2])
                histogram[(299 * r + 587 * g + 114 * b + 500) / 1000] += 1
                if max(r, g, b) - min(r, g, b) > 60 { colourful += 1 }
                index += 3
            }
        }
        let pixels = max(1, image.width * image.height)
        let background = histogram.indices.max { histogram[$0] < histogram[$1] } ?? 0
        let near = histogram.indices.filter { abs($0 - background) <= Self.tolerance }.reduce(0) { $0 + histogram[$1] }
        let mean = histogram.indices.reduce(0.0) { $0 + Double($1 * histogram[$1]) } / Double(pixels)
        let variance =
            histogram.indices.reduce(0.0) { $0 + Double(histogram[$1]) * (Double($1) - mean) * (Double($1) - mean) }
            / Double(pixels)
        width = image.width
        height = image.height
        contentShare = Double(pixels - near) / Double(pixels)
        colourShare = Double(colourful) / Double(pixels)
        levels = histogram.filter { $0 > 0 }.count
        self.background = background
        deviation = variance.squareRoot()
    }

    /// Why the screenshot does not show a page, one line each; empty when it does.
    public func problems(_ thresholds: Thresholds = Thresholds()) -> [String] {
        var problems: [String] = []
        if contentShare < thresholds.contentShare {
            problems.append(
                "blank: \(percent(contentShare)) of the pixels differ from the background (at least "
                    + "\(percent(thresholds.contentShare)) expected)")
        }
        if levels < thresholds.levels {
            problems.append("flat: \(levels) grey levels (at least \(thresholds.levels) expected from rendered text)")
        }
        if colourShare < thresholds.colourShare {
            problems.append(
                "no colour: \(percent(colourShare)) of the pixels are coloured (at least "
                    + "\(percent(thresholds.colourShare)) expected from the charts)")
        }
        return problems
    }

    /// `1280×2400, 71.3% content, 3.1% colour, 187 levels, background 245, deviation 38.2`.
    public var summary: String {
        "\(width)×\(height), \(percent(contentShare)) content, \(percent(colourShare)) colour, \(levels) levels, "
            + "background \(background), deviation \(fixed(deviation))"
    }

    private func percent(_ share: Double) -> String { Figures.percent(share * 100) }

    private func fixed(_ value: Double) -> String { Figures.plain(value) }
}

import Foundation

/// Number formatting that does not depend on the locale, so reports are byte-for-byte deterministic.
public enum Figures {
    /// Beyond this a figure prints in Swift's own notation (`1e+20`): its hundredths would not fit an `Int`.
    static let largest = 1e15

    /// `10` for 10.0, `7.5` for 7.5, `0.33` for 1/3 (at most two decimals, trailing zeros dropped).
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        guard abs(value) < largest else { return "\(value.rounded())" }
        let hundredths = Int((abs(value) * 100).rounded())
        let sign = value < 0 && hundredths > 0 ? "-" : ""
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        let trimmed = digits.hasSuffix("0") ? String(digits.dropLast()) : digits
        return "\(sign)\(whole).\(trimmed)"
    }

    /// Exactly `decimals` decimals: `0.120` for 0.12 with three.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        guard abs(value) < largest, (0...6).contains(decimals) else { return plain(value) }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let units = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && units > 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(units)" }
        var fraction = String(units % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        return "\(sign)\(units / scale).\(fraction)"
    }

    /// `61.5/100`.
    public static func score(_ score: Double, of maxScore: Double) -> String {
        "\(plain(score))/\(plain(maxScore))"
    }

    /// `61.5%`.
    public static func percent(_ value: Double) -> String { "\(plain(value))%" }

    /// Seconds as a limit reads: `10`, `2.5`.
    public static func seconds(_ value: Double) -> String { plain(value) }

    /// Bytes in MiB: `512`, `0.5`.
    public static func mebibytes(_ bytes: Int) -> String { plain(Double(bytes) / Double(1 << 20)) }
}

/// The product's version, as reports and results carry it.
public enum GraderVersion {
    public static let current = "0.1.0"
}

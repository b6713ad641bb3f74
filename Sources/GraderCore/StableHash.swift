import Foundation

/// FNV-1a, 64 bits: a stable name for contents (the kit's build cache, a rubric's scoring rules). The same bytes
/// give the same value on every machine and in every run; it is not a security hash.
public struct StableHash: Sendable {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ text: String) { add(Data(text.utf8)) }

    /// Adds `data` and a separator, so `add("ab"); add("c")` differs from `add("a"); add("bc")`.
    public mutating func add(_ data: Data) {
        for byte in data {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x100_0000_01b3
    }

    /// The value in hexadecimal, without leading zeros.
    public var hex: String { String(value, radix: 16) }

    /// The value as 16 hexadecimal digits.
    public var paddedHex: String {
        let digits = hex
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}

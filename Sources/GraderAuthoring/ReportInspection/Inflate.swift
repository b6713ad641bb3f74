/// zlib (RFC 1950) decompression of DEFLATE (RFC 1951) data, for reading PNG screenshots without a library
/// (Foundation offers no inflate on Linux). Modelled on zlib's reference decoder `puff.c`: canonical Huffman
/// codes decoded bit by bit, stored, fixed and dynamic blocks. Output is bounded: a stream that would inflate past
/// `limit` bytes fails instead of filling memory.
public enum Inflate {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case truncated
        case badHeader(String)
        case badBlock(String)
        case tooLarge(limit: Int)
        case checksum

        public var description: String {
            switch self {
            case .truncated: return "the compressed data ends early"
            case .badHeader(let why): return "not zlib data: \(why)"
            case .badBlock(let why): return "corrupt compressed data: \(why)"
            case .tooLarge(let limit): return "the data inflates past \(limit) bytes"
            case .checksum: return "the Adler-32 checksum does not match"
            }
        }
    }

    /// Inflates a zlib stream (2-byte header, DEFLATE blocks, Adler-32 of the output).
    public static func zlib(_ data: [UInt8], limit: Int) throws -> [UInt8] {
        guard data.count >= 6 else { throw Failure.truncated }
        let method = data[0] & 0x0f
        guard method == 8, data[0] >> 4 <= 7 else { throw Failure.badHeader("compression method \(method)") }
        guard (UInt16(data[0]) << 8 | UInt16(data[1])) % 31 == 0 else { throw Failure.badHeader("header check") }
        guard data[1] & 0x20 == 0 else { throw Failure.badHeader("a preset dictionary") }
        var decoder = Decoder(data, from: 2, limit: limit)
        try decoder.run()
        let end = decoder.bytePosition
        guard end + 4 <= data.count else { throw Failure.truncated }
        let stored = data[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == adler32(decoder.output) else { throw Failure.checksum }
        return decoder.output
    }

    /// The Adler-32 checksum zlib appends.
    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            let end = min(index + 5552, bytes.count)
            while index < end {
                a &+= UInt32(bytes[index])
                b &+= a
                index += 1
            }
            a %= 65521
            b %= 65521
        }
        return b << 16 | a
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) throws {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure.badBlock("an over-subscribed Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block lists the code-length code's lengths.
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    struct Decoder {
        let input: [UInt8]
        var position: Int
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        let limit: Int
        var output: [UInt8] = []

        init(_ input: [UInt8], from start: Int, limit: Int) {
            self.input = input
            position = start
            self.limit = limit
            output.reserveCapacity(min(limit, 64 << 20))
        }

        /// Where the byte-aligned data after the last block starts.
        var bytePosition: Int { position - bitCount / 8 }

        mutating func bits(_ count: Int) throws -> Int {
            while bitCount < count {
                guard position < input.count else { throw Failure.truncated }
                bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
                position += 1
                bitCount += 8
            }
            let value = Int(bitBuffer & ((1 << UInt64(count)) - 1))
            bitBuffer >>= UInt64(count)
            bitCount -= count
            return value
        }

        mutating func decode(_ code: Huffman) throws -> Int {
            var value = 0
            var first = 0
            var index = 0
            for length in 1...15 {
                value |= try bits(1)
                let count = code.counts[length]
                if value - count < first { return code.symbols[index + (value - first)] }
                index += count
                first = (first + count) << 1
                value <<= 1
            }
            throw Failure.badBlock("a code that is not in the Huffman table")
        }

        mutating func run() throws {
            var last = false
            while !last {
                last = try bits(1) == 1
                switch try bits(2) {
                case 0: try stored()
                case 1: try codes(Inflate.fixed.literals, Inflate.fixed.distances)
                case 2:
                    let (literals, distances) = try dynamicTables()
                    try codes(literals, distances)
                default: throw Failure.badBlock("block type 3")
                }
            }
        }

        mutating func stored() throws {
            bitBuffer = 0
            bitCount = 0
            guard position + 4 <= input.count else { throw Failure.truncated }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
            guard length == ~complement & 0xffff else {
                throw Failure.badBlock("a stored length without its complement")
            }
            position += 4
            guard position + length <= input.count else { throw Failure.truncated }
            guard output.count + length <= limit else { throw Failure.tooLarge(limit: limit) }
            output.append(contentsOf: input[position..<position + length])
            position += length
        }

        mutating func codes(_ literals: Huffman, _ distances: Huffman) throws {
            while true {
                let symbol = try decode(literals)
                if symbol < 256 {
                    guard output.count < limit else { throw Failure.tooLarge(limit: limit) }
                    output.append(UInt8(symbol))
                    continue
                }
                if symbol == 256 { return }
                let lengthIndex = symbol - 257
                guard lengthIndex < Inflate.lengthBase.count else { throw Failure.badBlock("length code \(symbol)") }
                let length = Inflate.lengthBase[lengthIndex] + (try bits(Inflate.lengthExtra[lengthIndex]))
                let distanceIndex = try decode(distances)
                guard distanceIndex < Inflate.distanceBase.count else {
                    throw Failure.badBlock("distance code \(distanceIndex)")
                }
                let distance = Inflate.distanceBase[distanceIndex] + (try bits(Inflate.distanceExtra[distanceIndex]))
                guard distance <= output.count else { throw Failure.badBlock("a distance before the start") }
                guard output.count + length <= limit else { throw Failure.tooLarge(limit: limit) }
                var from = output.count - distance
                for _ in 0..<length {
                    output.append(output[from])
                    from += 1
                }
            }
        }

        mutating func dynamicTables() throws -> (Huffman, Huffman) {
            let literalCount = try bits(5) + 257
            let distanceCount = try bits(5) + 1
            let codeLengthCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else { throw Failure.badBlock("too many codes") }
            var codeLengths = [Int](repeating: 0, count: 19)
            for index in 0..<codeLengthCount { codeLengths[Inflate.codeLengthOrder[index]] = try bits(3) }
            let lengthCode = try Huffman(lengths: codeLengths)
            var lengths: [Int] = []
            while lengths.count < literalCount + distanceCount {
                let symbol = try decode(lengthCode)
                switch symbol {
                case 0...15:
                    lengths.append(symbol)
                case 16:
                    guard let previous = lengths.last else { throw Failure.badBlock("a repeat with nothing before") }
                    lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
                case 17:
                    lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                default:
                    lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                }
            }
            guard lengths.count == literalCount + distanceCount else { throw Failure.badBlock("too many lengths") }
            guard lengths[256] != 0 else { throw Failure.badBlock("no end-of-block code") }
            return (
                try Huffman(lengths: Array(lengths[0..<literalCount])),
                try Huffman(lengths: Array(lengths[literalCount...]))
            )
        }
    }

    /// The fixed codes of block type 1.
    static let fixed: (literals: Huffman, distances: Huffman) = {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        // Both tables are complete codes, so building them cannot fail.
        let literals = (try? Huffman(lengths: lengths)) ?? Huffman(empty: ())
        let distances = (try? Huffman(lengths: [Int](repeating: 5, count: 30))) ?? Huffman(empty: ())
        return (literals, distances)
    }()
}

extension Inflate.Huffman {
    /// A code with no symbols: every decode fails.
    init(empty: Void) {
        counts = [Int](repeating: 0, count: 16)
        symbols = []
    }
}

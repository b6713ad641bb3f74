import Foundation

/// A decoded PNG: 8-bit RGB pixels, alpha composited over white. Enough of PNG to read what a browser's screenshot
/// writes (8-bit greyscale, RGB, palette, with or without alpha, not interlaced); anything else is an error that
/// says what it is, never a guess.
public struct PNGImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width * height * 3` bytes, row by row, red, green, blue.
    public var rgb: [UInt8]

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notPNG
        case truncated
        case badChunk(String)
        case unsupported(String)
        case corrupt(String)

        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .truncated: return "the PNG file ends early"
            case .badChunk(let why): return "a broken PNG chunk: \(why)"
            case .unsupported(let what): return "a PNG this reader does not decode: \(what)"
            case .corrupt(let why): return "corrupt PNG data: \(why)"
            }
        }
    }

    /// The largest image decoded, in pixels (a 4K screenshot 20 screens tall).
    public static let pixelLimit = 200_000_000

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    public init(contentsOf url: URL) throws {
        try self.init(data: [UInt8](try Data(contentsOf: url)))
    }

    public init(data: [UInt8]) throws {
        guard data.count >= 8, Array(data[0..<8]) == Self.signature else { throw Failure.notPNG }
        var position = 8
        var header: [UInt8]?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        var ended = false
        while !ended {
            guard position + 12 <= data.count else { throw Failure.truncated }
            let length = Self.bigEndian(data, position)
            guard length <= 0x7fff_ffff, position + 12 + length <= data.count else { throw Failure.truncated }
            let type = String(decoding: data[position + 4..<position + 8], as: UTF8.self)
            let body = data[position + 8..<position + 8 + length]
            let crc = Self.bigEndian(data, position + 8 + length)
            guard UInt32(crc) == CRC32.checksum(data[position + 4..<position + 8 + length]) else {
                throw Failure.badChunk("\(type)'s CRC does not match")
            }
            switch type {
            case "IHDR": header = Array(body)
            case "PLTE": palette = Array(body)
            case "tRNS": transparency = Array(body)
            case "IDAT": compressed += body
            case "IEND": ended = true
            default:
                // Ancillary chunks (lower-case first letter) carry nothing a pixel check needs.
                guard let first = type.unicodeScalars.first, first.properties.isLowercase else {
                    throw Failure.unsupported("the critical chunk \(type)")
                }
            }
            position += 12 + length
        }
        guard let header, header.count == 13 else { throw Failure.badChunk("no IHDR") }
        let width = Self.bigEndian(header, 0)
        let height = Self.bigEndian(header, 4)
        let depth = Int(header[8])
        let colorType = Int(header[9])
        guard width > 0, height > 0, width <= Self.pixelLimit / height else {
            throw Failure.unsupported("\(width)×\(height) pixels")
        }
        guard header[10] == 0, header[11] == 0 else { throw Failure.unsupported("compression or filter method") }
        guard header[12] == 0 else { throw Failure.unsupported("interlacing") }
        guard depth == 8 else { throw Failure.unsupported("bit depth \(depth)") }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 3: channels = 1
        case 4: channels = 2
        case 6: channels = 4
        default: throw Failure.unsupported("colour type \(colorType)")
        }
        if colorType == 3, palette.isEmpty || palette.count % 3 != 0 { throw Failure.corrupt("no usable palette") }
        let stride = width * channels
        let raw: [UInt8]
        do {
            raw = try Inflate.zlib(compressed, limit: height * (stride + 1))
        } catch let failure as Inflate.Failure {
            throw Failure.corrupt(failure.description)
        }
        guard raw.count == height * (stride + 1) else {
            throw Failure.corrupt("\(raw.count) bytes of pixel data, \(height * (stride + 1)) expected")
        }
        let samples = try Self.unfilter(raw, rows: height, stride: stride, bytesPerPixel: channels)
        self.init(
            width: width, height: height,
            rgb: try Self.rgb(
                samples, colorType: colorType, pixels: width * height, palette: palette, transparency: transparency))
    }

    private static func bigEndian<C: RandomAccessCollection>(_ bytes: C, _ offset: Int) -> Int
    where C.Element == UInt8, C.Index == Int {
        let start = bytes.startIndex + offset
        return Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8
            | Int(bytes[start + 3])
    }

    /// Undoes PNG's per-row filters (none, sub, up, average, Paeth).
    static func unfilter(_ raw: [UInt8], rows: Int, stride: Int, bytesPerPixel: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rows * stride)
        try raw.withUnsafeBufferPointer { input in
            try out.withUnsafeMutableBufferPointer { output in
                for row in 0..<rows {
                    let filter = input[row * (stride + 1)]
                    let source = row * (stride + 1) + 1
                    let target = row * stride
                    for column in 0..<stride {
                        let x = Int(input[source + column])
                        let left = column >= bytesPerPixel ? Int(output[target + column - bytesPerPixel]) : 0
                        let up = row > 0 ? Int(output[target - stride + column]) : 0
                        let upLeft =
                            row > 0 && column >= bytesPerPixel
                            ? Int(output[target - stride + column - bytesPerPixel]) : 0
                        let value: Int
                        switch filter {
                        case 0: value = x
                        case 1: value = x + left
                        case 2: value = x + up
                        case 3: value = x + (left + up) / 2
                        case 4: value = x + paeth(left, up, upLeft)
                        default: throw Failure.corrupt("filter type \(filter) on row \(row)")
                        }
                        output[target + column] = UInt8(truncatingIfNeeded: value)
                    }
                }
            }
        }
        return out
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Samples of any supported colour type as RGB, alpha composited over white.
    static func rgb(
        _ samples: [UInt8], colorType: Int, pixels: Int, palette: [UInt8], transparency: [UInt8]
    ) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels * 3)
        func over(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
            let opaque: Int = Int(value) * Int(alpha)
            let white: Int = 255 * (255 - Int(alpha))
            return UInt8((opaque + white + 127) / 255)
        }
        for pixel in 0..<pixels {
            let (r, g, b): (UInt8, UInt8, UInt8)
            switch colorType {
            case 0:
                let grey = samples[pixel]
                (r, g, b) = (grey, grey, grey)
            case 2:
                (r, g, b) = (samples[pixel * 3], samples[pixel * 3 + 1], samples[pixel * 3 + 2])
            case 3:
                let index = Int(samples[pixel])
                guard index * 3 + 2 < palette.count else { throw Failure.corrupt("palette index \(index)") }
                let alpha = index < transparency.count ? transparency[index] : 255
                (r, g, b) = (
                    over(palette[index * 3], alpha), over(palette[index * 3 + 1], alpha),
                    over(palette[index * 3 + 2], alpha)
                )
            case 4:
                let grey = over(samples[pixel * 2], samples[pixel * 2 + 1])
                (r, g, b) = (grey, grey, grey)
            default:
                let alpha = samples[pixel * 4 + 3]
                (r, g, b) = (
                    over(samples[pixel * 4], alpha), over(samples[pixel * 4 + 1], alpha),
                    over(samples[pixel * 4 + 2], alpha)
                )
            }
            out[pixel * 3] = r
            out[pixel * 3 + 1] = g
            out[pixel * 3 + 2] = b
        }
        return out
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, as zlib's `crc32`).
public enum CRC32 {
    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    public static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        return crc ^ 0xffff_ffff
    }
}

extension PNGImage {
    /// The image as an 8-bit RGB PNG whose data sits in stored (uncompressed) DEFLATE blocks: valid for every
    /// reader, simple enough to write without a compressor. For test fixtures: a known blank or busy page.
    public func pngData() -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (width * 3 + 1))
        for row in 0..<height {
            raw.append(0)
            raw += rgb[row * width * 3..<(row + 1) * width * 3]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            let last: UInt8 = offset + length == raw.count ? 1 : 0
            zlib += [
                last, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8((~length >> 8) & 0xff),
            ]
            zlib += raw[offset..<offset + length]
            offset += length
        } while offset < raw.count
        zlib += Self.bytes(Inflate.adler32(raw))
        var header = Self.bytes(UInt32(width)) + Self.bytes(UInt32(height))
        header += [8, 2, 0, 0, 0]
        return Self.signature + Self.chunk("IHDR", header) + Self.chunk("IDAT", zlib) + Self.chunk("IEND", [])
    }

    private static func bytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bytes(UInt32(body.count)) + typed + bytes(CRC32.checksum(typed))
    }
}

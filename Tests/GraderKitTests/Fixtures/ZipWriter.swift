import Foundation

/// Writes a zip file with stored (uncompressed) entries, names taken as given — including hostile ones like
/// `../../evil.txt`, which ordinary zip tools refuse to make.
enum ZipWriter {
    static func write(_ entries: [(name: String, data: Data)], to url: URL) throws {
        var archive = Data()
        var central = Data()
        for entry in entries {
            let name = Data(entry.name.utf8)
            let crc = crc32(entry.data)
            let offset = UInt32(archive.count)
            archive += le32(0x0403_4b50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            archive += le32(crc) + le32(UInt32(entry.data.count)) + le32(UInt32(entry.data.count))
            archive += le16(UInt16(name.count)) + le16(0) + name + entry.data
            central += le32(0x0201_4b50) + le16(0x031e) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(UInt32(entry.data.count)) + le32(UInt32(entry.data.count))
            central += le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            central += le32(UInt32(0o100644) << 16) + le32(offset) + name
        }
        let centralOffset = UInt32(archive.count)
        archive += central
        archive += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        archive += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        try archive.write(to: url)
    }

    /// A zip with one deflated entry of `zeros` zero bytes whose headers claim it unpacks to `claimedSize`
    /// bytes: a zip bomb that lies about its size.
    static func writeLyingBomb(name: String, zeros: Int, claimedSize: UInt32, to url: URL) throws {
        let compressed = deflatedZeros(count: zeros)
        let crc = crc32(zeroBytes: zeros)
        let nameData = Data(name.utf8)
        var archive = le32(0x0403_4b50) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0x21)
        archive += le32(crc) + le32(UInt32(compressed.count)) + le32(claimedSize)
        archive += le16(UInt16(nameData.count)) + le16(0) + nameData + compressed
        var central = le32(0x0201_4b50) + le16(0x031e) + le16(20) + le16(0) + le16(8) + le16(0) + le16(0x21)
        central += le32(crc) + le32(UInt32(compressed.count)) + le32(claimedSize)
        central += le16(UInt16(nameData.count)) + le16(0) + le16(0) + le16(0) + le16(0)
        central += le32(UInt32(0o100644) << 16) + le32(0) + nameData
        let centralOffset = UInt32(archive.count)
        archive += central
        archive += le32(0x0605_4b50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(UInt32(central.count))
        archive += le32(centralOffset) + le16(0)
        try archive.write(to: url)
    }

    /// Raw deflate (RFC 1951, one fixed-Huffman block) of `count` zeros: a literal 0, then copies of 258 bytes
    /// at distance 1.
    static func deflatedZeros(count: Int) -> Data {
        var bits = BitWriter()
        bits.put(1, count: 1)  // BFINAL
        bits.put(1, count: 2)  // BTYPE 01: fixed Huffman
        bits.putCode(0x30, length: 8)  // literal 0
        var remaining = count - 1
        while remaining >= 258 {
            bits.putCode(0xC5, length: 8)  // length code 285: 258 bytes
            bits.putCode(0, length: 5)  // distance code 0: 1 byte back
            remaining -= 258
        }
        for _ in 0..<remaining { bits.putCode(0x30, length: 8) }
        bits.putCode(0, length: 7)  // end of block
        return bits.finished
    }

    private struct BitWriter {
        var data = Data()
        private var current: UInt8 = 0
        private var used = 0

        /// `value`'s low `count` bits, least significant first (header fields).
        mutating func put(_ value: Int, count: Int) {
            for bit in 0..<count { append((value >> bit) & 1) }
        }

        /// A Huffman code, most significant bit first.
        mutating func putCode(_ code: Int, length: Int) {
            for bit in stride(from: length - 1, through: 0, by: -1) { append((code >> bit) & 1) }
        }

        private mutating func append(_ bit: Int) {
            current |= UInt8(bit) << used
            used += 1
            if used == 8 {
                data.append(current)
                current = 0
                used = 0
            }
        }

        var finished: Data { used == 0 ? data : data + [current] }
    }

    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }

    /// CRC-32 of `count` zero bytes, table-driven (fast enough for megabytes in a debug build).
    private static func crc32(zeroBytes count: Int) -> UInt32 {
        let table: [UInt32] = (0..<256).map { index in
            var crc = UInt32(index)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
            return crc
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = (crc >> 8) ^ table[Int(crc & 0xFF)] }
        return ~crc
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}

/// A fingerprint of every file below a folder (paths, sizes, contents, link targets), to prove it unchanged.
enum TreeChecksum {
    static func of(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        let root = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return result }
        for case let relative as String in enumerator {
            let path = root + "/" + relative
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                result[relative] = "link:" + target
            } else if let data = FileManager.default.contents(atPath: path) {
                result[relative] = "\(data.count):\(fnv1a(data))"
            } else {
                result[relative] = "dir"
            }
        }
        return result
    }

    private static func fnv1a(_ data: Data) -> UInt64 {
        data.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}

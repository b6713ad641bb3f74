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

    private static func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private static func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }

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

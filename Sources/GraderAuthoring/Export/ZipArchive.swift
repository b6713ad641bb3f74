import Foundation

/// A zip file written without compression (entries are "stored"), with Unix permissions, so that scripts in it
/// stay executable when unpacked. Enough for bundles of text files; no tool is needed to write it.
public struct ZipArchive: Sendable {
    /// One file of the archive.
    public struct Entry: Sendable, Equatable {
        /// The path inside the archive, `/`-separated, relative.
        public var path: String
        public var data: Data
        /// Unix permission bits, e.g. `0o755` for a script.
        public var mode: UInt16

        public init(path: String, data: Data, mode: UInt16 = 0o644) {
            self.path = path
            self.data = data
            self.mode = mode
        }

        public init(path: String, text: String, mode: UInt16 = 0o644) {
            self.init(path: path, data: Data(text.utf8), mode: mode)
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The archive's bytes. Timestamps are fixed (1980-01-01), so the same entries always give the same bytes.
    public func data() throws -> Data {
        var archive = Data()
        var central = Data()
        for entry in entries {
            let name = Data(entry.path.utf8)
            guard entry.data.count < Int(UInt32.max), name.count < Int(UInt16.max), archive.count < Int(UInt32.max)
            else { throw ZipArchiveError.tooLarge(entry.path) }
            let crc = Self.crc32(entry.data)
            let size = UInt32(entry.data.count)
            let offset = UInt32(archive.count)
            // Local header: version 2.0, UTF-8 names (bit 11), stored, time 00:00, date 1980-01-01.
            archive += le32(0x0403_4b50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            archive += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + entry.data
            // Central header: made by Unix (3) with version 2.0; external attributes hold the file mode.
            central += le32(0x0201_4b50) + le16(0x0314) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(size) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0)
            central += le16(0) + le32((0o100000 | UInt32(entry.mode)) << 16) + le32(offset) + name
        }
        guard entries.count < Int(UInt16.max) else { throw ZipArchiveError.tooLarge("\(entries.count) entries") }
        let centralOffset = UInt32(archive.count)
        archive += central
        archive += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        archive += le32(UInt32(central.count)) + le32(centralOffset) + le16(0)
        return archive
    }

    /// Writes the archive to `url`, replacing a regular file there; refuses a device, FIFO or other special
    /// file (an atomic write would replace it: as root, `/dev/full` became a zip).
    public func write(to url: URL) throws {
        var status = stat()
        if lstat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG, status.st_mode & S_IFMT != S_IFLNK {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: url.path])
        }
        try data().write(to: url, options: .atomic)
    }

    private func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    private func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        return crc
    }

    /// CRC-32 (IEEE), as zip requires.
    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = (crc >> 8) ^ crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] }
        return ~crc
    }
}

/// Why an archive could not be written.
public enum ZipArchiveError: Error, Equatable, CustomStringConvertible {
    /// Past what a zip without the 64-bit extensions holds (4 GiB, 65535 entries).
    case tooLarge(String)

    public var description: String {
        switch self {
        case .tooLarge(let what): return "too large for a zip file: \(what)"
        }
    }
}

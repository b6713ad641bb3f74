import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A running program's standard input and output, for a request with a `conversation`: what the caller sends
/// goes to the program as it runs, and what the program writes is read line by line or by count.
public final class ProcessChannel: @unchecked Sendable {
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// `input`: the write end of the program's standard input; `output`: the read end of its standard output.
    /// The caller keeps owning both.
    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// Writes all of `data`; false when the program no longer reads (it ended, or closed its input).
    public func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let written = write(input, base + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// The next line, without its end; nil at the end of the output, or when `deadline` passes first.
    public func line(until deadline: DispatchTime) -> String? {
        while true {
            if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 1
                compact()
                return line
            }
            guard fill(until: deadline) else { return nil }
        }
    }

    /// The next `count` bytes; nil at the end of the output, or when `deadline` passes first.
    public func bytes(_ count: Int, until deadline: DispatchTime) -> ArraySlice<UInt8>? {
        while buffer.count - start < count {
            guard fill(until: deadline) else { return nil }
        }
        let taken = buffer[start..<(start + count)]
        start += count
        return taken
    }

    /// Drops what was taken once it is most of the buffer (an outcome's hex is read in one piece).
    private func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// Reads what the program wrote, waiting at most until `deadline`; false at the end of the output or the
    /// deadline.
    private func fill(until deadline: DispatchTime) -> Bool {
        guard !ended else { return false }
        compact()
        var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while true {
            let now = DispatchTime.now()
            guard now < deadline else { return false }
            let milliseconds = min(Int((deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000) + 1, 60_000)
            let ready = poll(&poller, 1, Int32(milliseconds))
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            guard ready > 0 else {
                ended = true
                return false
            }
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                ended = true
                return false
            }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}

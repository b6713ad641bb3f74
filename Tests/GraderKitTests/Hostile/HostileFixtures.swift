import Foundation

/// Hostile candidate code, each a `label()` body (or a whole file) for the fixture kit's Counter.
/// Names are the outcome the grader must reach.
enum HostileFixtures {
    /// CT2's tests never finish; CT1 is graded as usual.
    static let infiniteLoop = """
        var spins = 0
                while spins >= 0 { spins = (spins + 1) % 1000 }
                return ""
        """

    /// Prints what XCTest prints for a pass, then leaves with status 0 before the test ends.
    static let fakePassesThenExit = """
        print("Test Case '-[HiddenCT2.CT2LabelTests test_CT2_zeroLabel]' passed (0.001 seconds).")
                print("Test Suite 'Selected tests' passed.")
                print("\\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds")
                exit(0)
        """

    /// Writes passing records into every result file it can find, then leaves with status 0.
    static let fakeResultFiles = """
        let fake = #"{"failures":[],"status":"pass","test":"CT2LabelTests.test_CT2_zeroLabel","token":"guess"}"# + "\\n"
                for folder in [".", "..", "../results", "results"] {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                    for name in names + ["0.jsonl", "1.jsonl", "2.jsonl"] where name.hasSuffix(".jsonl") {
                        try? fake.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
                    }
                }
                exit(0)
        """

    /// Prints a gigabyte, then answers wrongly.
    static let gigabyteOfOutput = """
        let line = String(repeating: "x", count: 1 << 20)
                for _ in 0..<1024 { print(line) }
                return "wrong"
        """

    /// Touches 6 GiB when asked for the zero label, then answers correctly: only a memory limit stops it.
    static let memoryHog = """
        if value == 0 {
                    var big = [UInt8](repeating: 1, count: 6 << 30)
                    big[big.count - 1] = 2
                    if big[0] == 0 { return "" }
                }
                return value == 1 ? "1 tap" : "\\(value) taps"
        """

    /// Answers correctly only when it cannot open a TCP connection to the grader's test listener.
    static func networkProbe(port: UInt16) -> String {
        """
        #if canImport(Glibc)
            import Glibc
        #endif

        func networkReachable() -> Bool {
            #if canImport(Glibc)
                let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                defer { close(socketDescriptor) }
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(\(port)).bigEndian
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let result = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
                return result == 0
            #else
                return false
            #endif
        }
        """
    }

    static let networkLabel = """
        networkReachable() ? "reached the network" : (value == 1 ? "1 tap" : "\\(value) taps")
        """

    /// A manifest that, if ever evaluated, leaves a marker file.
    static func manifestWritingMarker(_ marker: String) -> String {
        """
        // swift-tools-version:5.9
        import Foundation
        import PackageDescription

        FileManager.default.createFile(atPath: "\(marker)", contents: Data("evaluated".utf8))

        let package = Package(name: "Evil", targets: [.target(name: "Counter")])
        """
    }
}

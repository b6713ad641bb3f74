import Foundation
import XCTest

/// Golden-file (snapshot) comparison for reporter output.
///
/// Goldens live in `Goldens/` next to this file, found through `#filePath` (no SwiftPM resources). A missing
/// golden is recorded and the test fails with "recorded new baseline"; `RECORD_GOLDENS=1` rewrites every
/// golden and fails the run, so a recording never passes silently. Durations are normalised before comparing.
enum GoldenFile {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Goldens")

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Replaces what changes from run to run (test durations) with `0`, which keeps the golden valid JSON or XML
    /// and differs from any real value (the reporters print `time` with three decimals).
    static func normalise(_ text: String) -> String {
        var result = text
        let patterns = [
            (#""duration" : [0-9.eE+-]+"#, #""duration" : 0"#),
            (#" time="[0-9.]+""#, #" time="0""#),
        ]
        for (pattern, template) in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            result = regex.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result), withTemplate: template)
        }
        return result
    }

    /// Compares `actual` (normalised) with `Goldens/<name>`.
    static func assertMatches(
        _ actual: String, golden name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let url = directory.appendingPathComponent(name)
        let text = normalise(actual)
        let existing = try? String(contentsOf: url, encoding: .utf8)
        if recording || existing == nil {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } catch {
                XCTFail("could not write golden \(url.path): \(error)", file: file, line: line)
                return
            }
            let why = recording ? "RECORD_GOLDENS=1" : "no golden existed"
            XCTFail(
                "recorded new baseline for \(name) at \(url.path) (\(why)); review it and run the tests again",
                file: file, line: line)
            return
        }
        guard let expected = existing, expected != text else { return }
        XCTFail(
            "\(name) differs from its golden: \(firstDifference(expected, text)); if the change is intended, "
                + "rerun with RECORD_GOLDENS=1 and review the diff",
            file: file, line: line)
    }

    private static func firstDifference(_ expected: String, _ actual: String) -> String {
        let lhs = expected.components(separatedBy: "\n")
        let rhs = actual.components(separatedBy: "\n")
        for index in 0..<max(lhs.count, rhs.count) {
            let old = index < lhs.count ? lhs[index] : "<end of file>"
            let new = index < rhs.count ? rhs[index] : "<end of file>"
            if old != new { return "line \(index + 1)\n  golden: \(old)\n  actual: \(new)" }
        }
        return "line endings differ"
    }
}

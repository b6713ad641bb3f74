import Foundation
import GraderCore
import XCTest

@testable import GraderReports

/// docs/result-format.md must describe what the encoder writes, and its example must decode.
final class ResultFormatDocTests: XCTestCase {
    private var documentURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/result-format.md")
    }

    func testTheExampleDecodes() throws {
        let document = try String(contentsOf: documentURL, encoding: .utf8)
        let start = try XCTUnwrap(document.range(of: "```json\n"), "docs/result-format.md has no ```json example")
        let end = try XCTUnwrap(document.range(of: "\n```", range: start.upperBound..<document.endIndex))
        let example = String(document[start.upperBound..<end.lowerBound])
        let result = try GradeResult.makeDecoder().decode(GradeResult.self, from: Data(example.utf8))
        XCTAssertEqual(result.schema, GradeResult.schemaID)
        XCTAssertEqual(result.version, 3)
    }

    func testEveryKeyTheEncoderWritesIsDocumented() throws {
        let document = try String(contentsOf: documentURL, encoding: .utf8)
        var result = Fixtures.single
        result.tests[0].testCode = "XCTAssertTrue(true)"
        result.manualReview[0].score = 5
        result.needsReview = ["Sources/App/A.swift:3: `exit` ends the process from app code"]
        result.isolation = "bubblewrap"
        result.tests[0].tampered = true
        result.task = "next-page"
        result.rubricVersion = "1.0.0"
        result.rubricDigest = "0123456789abcdef"
        let json = try JSONSerialization.jsonObject(with: Data(JSONReporter.render([result]).utf8))
        var keys = Set<String>()
        collectKeys(json, into: &keys)
        XCTAssertTrue(keys.contains("expected_symbol"))
        for key in keys.sorted() {
            XCTAssertTrue(document.contains("`\(key)`"), "docs/result-format.md does not describe `\(key)`")
        }
        XCTAssertTrue(document.contains(GradeResult.schemaID))
    }

    private func collectKeys(_ value: Any, into keys: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, child) in object {
                keys.insert(key)
                collectKeys(child, into: &keys)
            }
        } else if let array = value as? [Any] {
            for child in array { collectKeys(child, into: &keys) }
        }
    }
}

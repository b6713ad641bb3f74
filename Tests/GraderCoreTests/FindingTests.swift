import GraderCore
import XCTest

/// A finding prints where editors can jump to it, and a project-wide one without a made-up `:0:0:`.
final class FindingTests: XCTestCase {
    private func finding(path: String, line: Int, column: Int) -> Finding {
        Finding(rule: "no-third-party", severity: .error, path: path, line: line, column: column, message: "m")
    }

    func testALineAndColumnGiveTheEditorForm() {
        let finding = finding(path: "Sources/App/A.swift", line: 4, column: 5)
        XCTAssertEqual(finding.location, "Sources/App/A.swift:4:5")
        XCTAssertEqual(finding.formatted, "Sources/App/A.swift:4:5: error: m [no-third-party]")
    }

    func testAnUnknownColumnIsLeftOut() {
        XCTAssertEqual(
            finding(path: "Sources/App/A.swift", line: 4, column: 0).formatted,
            "Sources/App/A.swift:4: error: m [no-third-party]")
    }

    func testAWholeFileFindingPrintsItsPathAlone() {
        let finding = finding(path: "Package.swift", line: 0, column: 0)
        XCTAssertEqual(finding.location, "Package.swift")
        XCTAssertEqual(finding.formatted, "Package.swift: error: m [no-third-party]")
    }

    func testAProjectWideFindingWithoutAPathPrintsTheMessageAlone() {
        let finding = finding(path: "", line: 0, column: 0)
        XCTAssertEqual(finding.location, "")
        XCTAssertEqual(finding.formatted, "error: m [no-third-party]")
    }
}

import GraderAuthoring
import GraderKit
import XCTest

final class SolutionMarkersTests: XCTestCase {
    func testRegionBecomesTodoAndStub() throws {
        let source = """
            func url() -> URL {
                // BEGIN SOLUTION MC2: Build the URL.
                let url = make()
                return url
                // STUB: return baseURL
                // END SOLUTION
            }
            """
        let result = try SolutionMarkers.strip(source)
        XCTAssertEqual(
            result.text,
            """
            func url() -> URL {
                // TODO(MC2): Build the URL.
                return baseURL
            }
            """)
        XCTAssertEqual(result.regions, [.init(requirement: "MC2", hint: "Build the URL.", line: 2)])
    }

    func testRegionWithoutStubBecomesFatalError() throws {
        let source = "    // BEGIN SOLUTION MC3\n    return decode()\n    // END SOLUTION"
        XCTAssertEqual(try SolutionMarkers.strip(source).text, "    // TODO(MC3)\n    fatalError(\"TODO(MC3)\")")
    }

    func testEmptyStubLeavesNothingButTheTodo() throws {
        let source =
            "// BEGIN SOLUTION MC7: Add a cache.\nprivate final class Cache {}\n// STUB:\n// END SOLUTION\nlet x = 1"
        XCTAssertEqual(try SolutionMarkers.strip(source).text, "// TODO(MC7): Add a cache.\nlet x = 1")
    }

    func testMultiLineStubKeepsItsOwnIndentation() throws {
        let source =
            "  // BEGIN SOLUTION FF1\n  body()\n  // STUB: if flag {\n  // STUB:     return\n  // STUB: }\n  // END SOLUTION"
        XCTAssertEqual(try SolutionMarkers.strip(source).text, "  // TODO(FF1)\n  if flag {\n      return\n  }")
    }

    func testUnbalancedMarkersAreErrorsWithTheirLine() {
        XCTAssertThrowsError(try SolutionMarkers.strip("// BEGIN SOLUTION MC1\nx", file: "A.swift")) { error in
            XCTAssertEqual("\(error)", "solution markers: A.swift:1: BEGIN SOLUTION is never ended")
        }
        XCTAssertThrowsError(try SolutionMarkers.strip("x\n// END SOLUTION", file: "A.swift")) { error in
            XCTAssertEqual("\(error)", "solution markers: A.swift:2: END SOLUTION without BEGIN SOLUTION")
        }
        XCTAssertThrowsError(try SolutionMarkers.strip("// BEGIN SOLUTION\nx\n// END SOLUTION"))
    }

    func testTextWithoutMarkersIsUnchanged() throws {
        let source = "let a = 1\n\n// a comment\n"
        XCTAssertEqual(try SolutionMarkers.strip(source).text, source)
    }
}

extension SolutionMarkersTests {
    func testKeptRequirementsKeepTheirSolutionWithoutMarkers() throws {
        let source =
            "// BEGIN SOLUTION MC1: a\nlet a = 1\n// STUB: let a = 0\n// END SOLUTION\n// BEGIN SOLUTION MC2\nlet b = 2\n// END SOLUTION"
        XCTAssertEqual(
            try SolutionMarkers.strip(source, keeping: ["MC1"]).text,
            "let a = 1\n// TODO(MC2)\nfatalError(\"TODO(MC2)\")")
    }
}

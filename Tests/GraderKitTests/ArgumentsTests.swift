import GraderKit
import XCTest

final class ArgumentsTests: XCTestCase {
    private func parse(_ words: [String]) throws -> Arguments {
        try Arguments(words, valueOptions: ["format", "jobs"], flagOptions: ["static-only", "help"])
    }

    func testSplitsCommandPositionalOptionsAndFlags() throws {
        let arguments = try parse(["check", "a", "--format", "json", "b", "--static-only", "--jobs=3", "--", "--c"])
        XCTAssertEqual(arguments.command, "check")
        XCTAssertEqual(arguments.positional, ["a", "b", "--c"])
        XCTAssertEqual(arguments.value("format"), "json")
        XCTAssertEqual(arguments.value("jobs"), "3")
        XCTAssertTrue(arguments.has("static-only"))
    }

    func testRejectsUnknownOptionsMissingValuesAndValuedFlags() {
        XCTAssertThrowsError(try parse(["check", "--nope"]))
        XCTAssertThrowsError(try parse(["check", "--format"]))
        XCTAssertThrowsError(try parse(["check", "--static-only=yes"]))
        XCTAssertThrowsError(try parse(["check", "-x"]))
    }
}

import Foundation
import GraderAuthoring
import GraderKit
import XCTest

final class StarterGeneratorTests: XCTestCase {
    func testSolutionTestsStayPrivateUnlessMarkedToShip() throws {
        let fixture = try FixtureKit()
        defer { fixture.remove() }
        try fixture.write(FixtureSubmission.counter(), to: "Solutions/counter/Sources/Counter/Counter.swift")
        try fixture.write(
            "import XCTest\nfinal class PrivateTests: XCTestCase {}\n",
            to: "Solutions/counter/Tests/CounterTests/PrivateTests.swift")
        try fixture.write(
            "import XCTest\n\n\(StarterGenerator.shipsMarker)\n/// The provided type's spec.\nfinal class ProvidedTests: XCTestCase {}\n",
            to: "Solutions/counter/Tests/CounterTests/ProvidedTests.swift")

        let files = try StarterGenerator(kit: fixture.kit).files(for: "counter")

        XCTAssertNil(files["Tests/CounterTests/PrivateTests.swift"])
        let shipped = try XCTUnwrap(files["Tests/CounterTests/ProvidedTests.swift"])
        XCTAssertEqual(
            String(decoding: shipped, as: UTF8.self),
            "import XCTest\n\n/// The provided type's spec.\nfinal class ProvidedTests: XCTestCase {}\n")
        XCTAssertNotNil(files["Sources/Counter/Counter.swift"])
    }
}

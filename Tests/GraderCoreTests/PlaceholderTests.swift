import XCTest

final class GraderCorePlaceholderTests: XCTestCase {
    func testBuilds() {}
}

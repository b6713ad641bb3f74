import XCTest

final class GraderRulesPlaceholderTests: XCTestCase {
    func testBuilds() {}
}

import XCTest

final class GraderReportsPlaceholderTests: XCTestCase {
    func testBuilds() {}
}

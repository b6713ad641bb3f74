import XCTest

final class GraderHistoryPlaceholderTests: XCTestCase {
    func testBuilds() {}
}

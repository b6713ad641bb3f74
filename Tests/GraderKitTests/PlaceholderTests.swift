import XCTest

final class GraderKitPlaceholderTests: XCTestCase {
    func testBuilds() {}
}

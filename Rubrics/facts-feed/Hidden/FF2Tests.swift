import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class FF2EncodingTests: HiddenTestCase {
    func test_FF2_latin1BytesKeepTheirAccents() throws {
        let bytes = HiddenFeeds.latin1(HiddenFeeds.accented)
        XCTAssertNil(String(data: bytes, encoding: .utf8), "precondition: the bytes are not UTF-8")
        XCTAssertTrue(bytes.contains(0xE9), "precondition: é is the single byte 0xE9")

        let feed = try FeedDecoder().decode(bytes)

        XCTAssertEqual(feed.title, "À propos du Canada")
        XCTAssertEqual(feed.rows.map(\.title), ["Québec", "Montréal"])
        XCTAssertEqual(feed.rows.last?.description, "Un Café sur le Plateau, près de l'Île.")
    }

    func test_FF2_latin1AndUTF8DecodeToTheSameFeed() throws {
        let fromLatin1 = try FeedDecoder().decode(HiddenFeeds.latin1(HiddenFeeds.accented))
        let fromUTF8 = try FeedDecoder().decode(HiddenFeeds.utf8(HiddenFeeds.accented))

        XCTAssertEqual(fromUTF8, fromLatin1)
        XCTAssertEqual(fromUTF8.rows.first?.title, "Québec", "UTF-8 must not be read as Latin-1 (\"QuÃ©bec\")")
    }

    func test_FF2_everyLatin1LetterSurvives() throws {
        // The real server sends ISO-8859-1 bytes and does not say so: every accented letter must come through.
        let letters = "àâäçéèêëîïôöùûüÿñß ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜ ©°½"
        let row = #"{"title":"\#(letters)","description":"ÿ","imageHref":"https://images.example.com/a.jpg"}"#
        let bytes = HiddenFeeds.latin1(#"{"title":"\#(letters)","rows":[\#(row)]}"#)

        XCTAssertNil(String(data: bytes, encoding: .utf8), "precondition: the bytes are Latin-1, not UTF-8")

        let feed = try FeedDecoder().decode(bytes)

        XCTAssertEqual(feed.title, letters)
        XCTAssertEqual(feed.rows.first?.title, letters)
    }

    func test_FF2_utf8FormOfTheBytesIsValidUTF8() {
        let latin1 = HiddenFeeds.latin1(HiddenFeeds.accented)
        let utf8 = HiddenFeeds.utf8(#"{"title":"Café — “vrai” ✓","rows":[]}"#)

        XCTAssertEqual(String(data: FeedDecoder.utf8JSON(from: latin1), encoding: .utf8), HiddenFeeds.accented)
        XCTAssertEqual(FeedDecoder.utf8JSON(from: utf8), utf8, "UTF-8 bytes are left as they are")
    }
}

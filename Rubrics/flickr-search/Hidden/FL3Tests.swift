import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FL3: the search response with Codable; Flickr's `"stat": "fail"` body is an error.
final class FL3ResponseTests: HiddenTestCase {
    private func decode(_ json: String) throws -> PhotoSearchResponse {
        try FlickrDecoder.decode(PhotoSearchResponse.self, from: Data(json.utf8))
    }

    func test_FL3_decodesThePageAndItsPhotos() throws {
        let photos = try decode(FlickrFixtures.searchPage).photos
        XCTAssertEqual(photos.page, 2)
        XCTAssertEqual(photos.pages, 62)
        XCTAssertEqual(photos.perPage, 20)
        XCTAssertEqual(photos.total, 1234)
        XCTAssertEqual(photos.photo.map(\.id), ["53012345678", "53012345679"])
        XCTAssertEqual(photos.photo.map(\.owner), ["12345678@N00", "87654321@N01"])
        XCTAssertEqual(photos.photo.map(\.secret), ["a1b2c3d4e5", "f6e5d4c3b2"])
        XCTAssertEqual(photos.photo.map(\.server), ["65535", "7372"])
        XCTAssertEqual(photos.photo.map(\.farm), [66, 8])
        XCTAssertEqual(photos.photo.map(\.title), ["Sleepy kitten", ""])
    }

    func test_FL3_totalDecodesFromAStringAndFromANumber() throws {
        XCTAssertEqual(try decode(FlickrFixtures.page(totalJSON: #""57""#)).photos.total, 57)
        XCTAssertEqual(try decode(FlickrFixtures.page(totalJSON: "57")).photos.total, 57)
    }

    func test_FL3_unknownKeysAreIgnored() throws {
        let json = """
            {"photos": {"page": 1, "pages": 1, "perpage": 100, "total": "1", "has_more": false, "photo": [
              {"id": "9", "owner": "o", "secret": "s", "server": "4", "farm": 5, "title": "Owl", "ispublic": 1,
               "isfriend": 0, "isfamily": 0, "license": "4", "views": "120"}]},
             "stat": "ok", "extra": {"api": "v2"}}
            """
        let photos = try decode(json).photos
        XCTAssertEqual(photos.photo.map(\.title), ["Owl"])
        XCTAssertEqual(photos.total, 1)
    }

    func test_FL3_FlickrsFailureBodyIsAnAPIErrorWithItsCodeAndMessage() {
        XCTAssertThrowsError(try decode(FlickrFixtures.invalidKey)) { error in
            guard case .api(let code, let message)? = error as? NetworkError else {
                return XCTFail("expected NetworkError.api, got \(error)")
            }
            XCTAssertEqual(code, 100)
            XCTAssertEqual(message, "Invalid API Key (Key has invalid format)")
        }
        let unknownMethod = #"{"stat": "fail", "code": 112, "message": "Method \"flickr.photos.find\" not found"}"#
        XCTAssertThrowsError(try decode(unknownMethod)) { error in
            guard case .api(let code, _)? = error as? NetworkError else {
                return XCTFail("expected NetworkError.api, got \(error)")
            }
            XCTAssertEqual(code, 112)
        }
    }

    func test_FL3_aFailureBodyWithoutAMessageStillSaysSomething() {
        XCTAssertThrowsError(try decode(#"{"stat": "fail", "code": 105}"#)) { error in
            guard case .api(let code, let message)? = error as? NetworkError else {
                return XCTFail("expected NetworkError.api, got \(error)")
            }
            XCTAssertEqual(code, 105)
            XCTAssertFalse(
                message.trimmingCharacters(in: .whitespaces).isEmpty, "the user is shown a message, never a blank")
        }
    }
}

import FlickrSearch
import Foundation
import XCTest

final class EndpointAndDecodingTests: XCTestCase {
    private func items(_ endpoint: FlickrEndpoint) -> [String: String] {
        Dictionary(endpoint.parameters.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    func testSearchEndpointParameters() {
        let endpoint = FlickrEndpoint.getSearchResults(searchText: "kittens", page: 2)
        XCTAssertEqual(endpoint.scheme, "https")
        XCTAssertEqual(endpoint.baseURL, "api.flickr.com")
        XCTAssertEqual(endpoint.path, "/services/rest/")
        XCTAssertEqual(endpoint.method, .get)
        XCTAssertEqual(
            items(endpoint),
            [
                "method": "flickr.photos.search", "api_key": FlickrConfiguration.apiKey, "format": "json",
                "nojsoncallback": "1", "text": "kittens", "page": "2", "per_page": "20",
            ])
    }

    func testRecentEndpointHasNoText() {
        let parameters = items(.getRecent(page: 3))
        XCTAssertEqual(parameters["method"], "flickr.photos.getRecent")
        XCTAssertEqual(parameters["page"], "3")
        XCTAssertNil(parameters["text"])
    }

    func testURLRequestIsBuiltWithURLComponentsAndEncodesPlus() throws {
        let request = try XCTUnwrap(
            NetworkEngine.urlRequest(for: FlickrEndpoint.getSearchResults(searchText: "1+1 = 2 & é", page: 1)))
        let query = try XCTUnwrap(request.url?.query)
        XCTAssertTrue(query.contains("text=1%2B1%20%3D%202%20%26%20%C3%A9"), query)
        XCTAssertEqual(request.httpMethod, "GET")
    }

    func testAnEndpointWithARelativePathMakesNoRequest() {
        XCTAssertNil(NetworkEngine.urlRequest(for: RelativeEndpoint()))
    }

    func testDecodesTotalAsAStringOrANumber() throws {
        for total in [#""57""#, "57"] {
            let json =
                #"{"photos":{"page":"1","pages":3,"perpage":20,"total":\#(total),"photo":[{"id":"1","owner":"o","secret":"s","server":"7","farm":8,"title":"T","ispublic":1}]},"stat":"ok"}"#
            let response = try FlickrDecoder.decode(PhotoSearchResponse.self, from: Data(json.utf8))
            XCTAssertEqual(response.photos.total, 57)
            XCTAssertEqual(
                response.photos.photo, [Photo(id: "1", owner: "o", secret: "s", server: "7", farm: 8, title: "T")])
        }
    }

    func testANonNumericTotalIsADecodingError() {
        let json = #"{"photos":{"page":1,"pages":1,"perpage":1,"total":"many","photo":[]},"stat":"ok"}"#
        XCTAssertThrowsError(try FlickrDecoder.decode(PhotoSearchResponse.self, from: Data(json.utf8))) { error in
            guard case .decoding? = error as? NetworkError else { return XCTFail("\(error)") }
        }
    }

    func testFlickrsFailureBodyIsAnAPIError() {
        let json = #"{"stat":"fail","code":100,"message":"Invalid API Key (Key has invalid format)"}"#
        XCTAssertThrowsError(try FlickrDecoder.decode(PhotoSearchResponse.self, from: Data(json.utf8))) { error in
            XCTAssertEqual(error as? NetworkError, .api(code: 100, message: "Invalid API Key (Key has invalid format)"))
            XCTAssertEqual((error as? NetworkError)?.message, "Invalid API Key (Key has invalid format)")
        }
    }

    func testPhotoURL() {
        let photo = Photo(id: "53012345678", secret: "a1b2c3", server: "65535")
        XCTAssertEqual(
            photo.url(size: .medium)?.absoluteString, "https://live.staticflickr.com/65535/53012345678_a1b2c3_z.jpg")
        XCTAssertNil(Photo(id: "1", secret: "", server: "2").url(size: .square))
    }

    func testErrorMessagesForTheScreen() {
        XCTAssertEqual(NetworkError.http(status: 500).message, "The server answered with status 500.")
        XCTAssertEqual(NetworkError.transport(.notConnectedToInternet).message, "You are offline.")
        XCTAssertEqual(NetworkError.transport(.timedOut).message, "The request failed.")
        XCTAssertEqual(NetworkError.invalidURL.message, "The request could not be made.")
        XCTAssertEqual(NetworkError.decoding("x").message, "The server's answer could not be read.")
    }
}

private struct RelativeEndpoint: Endpoint {
    var baseURL: String { "api.example.com" }
    var path: String { "relative" }
}

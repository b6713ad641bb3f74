import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FL1: an Endpoint protocol with defaults, and the FlickrEndpoint enum.
final class FL1EndpointTests: HiddenTestCase {
    func test_FL1_searchIsAGETOnFlickrsRESTPath() {
        let endpoint = FlickrEndpoint.getSearchResults(searchText: "kittens", page: 2)
        XCTAssertEqual(endpoint.scheme, "https")
        XCTAssertEqual(endpoint.baseURL, "api.flickr.com")
        XCTAssertTrue(["/services/rest", "/services/rest/"].contains(endpoint.path), "path: \(endpoint.path)")
        XCTAssertEqual(endpoint.method.rawValue, "GET")
    }

    func test_FL1_searchCarriesFlickrsMethodFormatTextAndPaging() {
        let items = FlickrFixtures.dictionary(
            FlickrEndpoint.getSearchResults(searchText: "kittens", page: 2).parameters)
        XCTAssertEqual(items["method"], "flickr.photos.search")
        XCTAssertEqual(items["format"], "json")
        XCTAssertEqual(items["nojsoncallback"], "1")
        XCTAssertEqual(items["text"], "kittens")
        XCTAssertEqual(items["page"], "2")
        XCTAssertGreaterThan(Int(items["per_page"] ?? "") ?? 0, 0, "per_page: \(items["per_page"] ?? "missing")")
    }

    func test_FL1_searchTextIsPassedAsTypedForURLComponentsToEncode() {
        let text = "cats & dogs #1 + é 🐱"
        let items = FlickrFixtures.dictionary(FlickrEndpoint.getSearchResults(searchText: text, page: 1).parameters)
        XCTAssertEqual(items["text"], text, "the text must not be encoded by hand (URLComponents encodes it)")
        XCTAssertEqual(items["page"], "1")
    }

    func test_FL1_theAPIKeyComesFromTheOneConfigurationValue() {
        let key = FlickrConfiguration.apiKey
        XCTAssertFalse(key.isEmpty)
        let search = FlickrFixtures.dictionary(FlickrEndpoint.getSearchResults(searchText: "owl", page: 1).parameters)
        let recent = FlickrFixtures.dictionary(FlickrEndpoint.getRecent(page: 1).parameters)
        XCTAssertEqual(search["api_key"], key)
        XCTAssertEqual(recent["api_key"], key)
    }

    func test_FL1_getRecentIsASecondCaseOnTheSameAPI() {
        let endpoint = FlickrEndpoint.getRecent(page: 3)
        let items = FlickrFixtures.dictionary(endpoint.parameters)
        XCTAssertEqual(items["method"], "flickr.photos.getRecent")
        XCTAssertEqual(items["page"], "3")
        XCTAssertEqual(items["format"], "json")
        XCTAssertEqual(items["nojsoncallback"], "1")
        XCTAssertNil(items["text"])
        XCTAssertEqual(endpoint.baseURL, "api.flickr.com")
        XCTAssertEqual(endpoint.scheme, "https")
    }

    func test_FL1_theProtocolExtensionGivesHTTPSGETAndNoParameters() {
        let endpoint = MinimalEndpoint()
        XCTAssertEqual(endpoint.scheme, "https")
        XCTAssertEqual(endpoint.method.rawValue, "GET")
        XCTAssertEqual(endpoint.parameters.map(\.name), [])
    }
}

/// An endpoint that states only what it must: the rest comes from the protocol's defaults.
private struct MinimalEndpoint: Endpoint {
    var baseURL: String { "api.example.com" }
    var path: String { "/status" }
}

import Foundation
import GraderTestSupport
import MovieClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class MC2RequestTests: HiddenTestCase {
    private let configuration = TMDbConfiguration(apiKey: "KEY123")

    private func items(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    private func searchQuery(_ text: String) -> String {
        let url = TMDbEndpoint.search(query: text, page: 1).url(configuration: configuration)
        return URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
    }

    func test_MC2_categoryRequestIsGETMovieCategoryWithTheAPIKey() {
        let url = TMDbEndpoint.movies(.nowPlaying, page: 1).url(configuration: configuration)
        XCTAssertEqual(url.scheme, "https")
        XCTAssertEqual(url.host, "api.themoviedb.org")
        XCTAssertEqual(url.path, "/3/movie/now_playing")
        XCTAssertEqual(items(url)["api_key"], "KEY123")
    }

    func test_MC2_searchEncodesSpacesAsPercent20() {
        let url = TMDbEndpoint.search(query: "Harry Potter", page: 1).url(configuration: configuration)
        XCTAssertEqual(url.path, "/3/search/movie")
        XCTAssertTrue(searchQuery("Harry Potter").contains("query=Harry%20Potter"), searchQuery("Harry Potter"))
        XCTAssertEqual(items(url)["api_key"], "KEY123")
    }

    func test_MC2_searchEncodesAmpersandPlusAndHash() {
        let query = searchQuery("Tom & Jerry + #1")
        XCTAssertTrue(query.contains("query=Tom%20%26%20Jerry%20%2B%20%231"), query)
    }

    func test_MC2_searchEncodesNonASCIIAndEmoji() {
        let query = searchQuery("Amélie 🎬")
        XCTAssertTrue(query.contains("query=Am%C3%A9lie%20%F0%9F%8E%AC"), query)
    }

    func test_MC2_theAPIKeyComesFromTheConfiguration() {
        let other = TMDbConfiguration(apiKey: "OTHER")
        let url = TMDbEndpoint.movies(.popular, page: 1).url(configuration: other)
        XCTAssertEqual(items(url)["api_key"], "OTHER")
        XCTAssertFalse(url.absoluteString.contains("KEY123"))
    }

    func test_MC2_theClientRequestsTheEndpointsURL() {
        let transport = StubTransport(always: .hold)
        let client = APIClient(session: transport.session, configuration: configuration)
        client.movies(in: .upcoming, page: 1) { _ in }
        MovieFixtures.wait { !transport.requests.isEmpty }
        let url = transport.requests.first?.url
        XCTAssertEqual(url?.path, "/3/movie/upcoming")
        XCTAssertEqual(url.map(items)?["api_key"], "KEY123")
        XCTAssertEqual(transport.requests.first?.httpMethod ?? "GET", "GET")
    }
}

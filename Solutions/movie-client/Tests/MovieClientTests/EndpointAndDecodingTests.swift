import Foundation
import MovieClient
import XCTest

final class EndpointAndDecodingTests: XCTestCase {
    private let configuration = TMDbConfiguration(apiKey: "KEY")

    func testCategoryTitlesAndOrder() {
        XCTAssertEqual(MovieCategory.tabs.map(\.title), ["Now Playing", "Popular", "Top Rated", "Upcoming"])
    }

    func testCategoryURL() {
        XCTAssertEqual(
            TMDbEndpoint.movies(.topRated, page: 2).url(configuration: configuration).absoluteString,
            "https://api.themoviedb.org/3/movie/top_rated?api_key=KEY&page=2")
    }

    func testSearchQueryIsEncodedAsTyped() {
        let url = TMDbEndpoint.search(query: "a+b & c#d é", page: 1).url(configuration: configuration)
        XCTAssertEqual(
            url.absoluteString,
            "https://api.themoviedb.org/3/search/movie?api_key=KEY&query=a%2Bb%20%26%20c%23d%20%C3%A9&page=1")
    }

    func testDecodingToleratesNullsEmptiesAndMissingFields() throws {
        let json =
            #"{"page":1,"total_pages":1,"total_results":2,"results":[{"id":1,"title":"A","poster_path":null,"release_date":""},{"id":2,"title":"B","extra":true}]}"#
        let page = try MoviePage.decode(from: Data(json.utf8))
        XCTAssertEqual(page.results, [Movie(id: 1, title: "A"), Movie(id: 2, title: "B")])
    }

    func testPosterURLHasOneSlash() {
        XCTAssertEqual(
            configuration.posterURL(for: "/p.jpg")?.absoluteString,
            "https://image.tmdb.org/t/p/w600_and_h900_bestv2/p.jpg")
        XCTAssertNil(configuration.posterURL(for: nil))
    }

    func testErrorMessagesForTheScreen() {
        XCTAssertEqual(APIError.http(status: 401, message: "Invalid API key").message, "Invalid API key")
        XCTAssertEqual(APIError.http(status: 500, message: nil).message, "The server answered with status 500.")
        XCTAssertEqual(APIError.transport(.notConnectedToInternet).message, "You are offline.")
    }
}

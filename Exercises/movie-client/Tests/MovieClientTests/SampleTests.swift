import MovieClient
import XCTest

/// Sample tests to start from. They fail until the gaps they touch are filled; add your own beside them.
final class SampleTests: XCTestCase {
    func testCategoriesAreTitledFromTheirEndpointNames() {
        XCTAssertEqual(MovieCategory.topRated.title, "Top Rated")
    }

    func testSearchURLEncodesTheQuery() {
        let url = TMDbEndpoint.search(query: "Harry Potter", page: 1).url(
            configuration: TMDbConfiguration(apiKey: "KEY"))
        XCTAssertTrue(url.absoluteString.contains("query=Harry%20Potter"), url.absoluteString)
    }

    func testDebouncedSearchWaitsForTheUserToStopTyping() {
        let service = RecordingService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("h")
        search.queryChanged("ha")
        scheduler.advance(by: 0.3)
        XCTAssertEqual(service.queries, ["ha"])
    }
}

private final class RecordingService: MovieService {
    var queries: [String] = []

    func movies(in category: MovieCategory, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        BlockTask()
    }

    func searchMovies(matching query: String, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        queries.append(query)
        return BlockTask()
    }
}

import Foundation
import MovieClient
import XCTest

final class ScreenModelTests: XCTestCase {
    private let configuration = TMDbConfiguration(apiKey: "KEY")
    private let alien = Movie(id: 1, title: "Alien", overview: "Space.", posterPath: "/alien.jpg")
    private let brazil = Movie(id: 2, title: "Brazil", overview: "Dreams.", posterPath: "/brazil.jpg")

    func testListStateHistoryOnSuccessThenFailedRefresh() {
        let service = FakeService()
        let list = MovieListViewModel(
            category: .popular, service: service, imageLoader: FakeLoader(), configuration: configuration)
        var history: [ListState] = []
        let token = list.state.observe { history.append($0) }
        list.viewDidLoad()
        service.movieRequests.last?(.success(MoviePage(results: [alien])))
        list.refreshRequested()
        service.movieRequests.last?(.failure(.transport(.timedOut)))
        XCTAssertEqual(history, [.idle, .loading, .loaded([alien]), .loading, .failed(message: "The request failed.")])
        token.cancel()
    }

    func testCellPosterGoesLoadingThenImageAndIgnoresLateResultsAfterRebind() {
        let loader = FakeLoader()
        let cell = MovieCellModel(movie: alien, imageLoader: loader, configuration: configuration)
        var posters: [PosterState] = []
        let token = cell.poster.observe { posters.append($0) }
        cell.bind(brazil)
        loader.loads[0].completion(.success(Data("A".utf8)))
        loader.loads[1].completion(.success(Data("B".utf8)))
        XCTAssertEqual(posters, [.loading, .loading, .image(Data("B".utf8))])
        XCTAssertTrue(loader.loads[0].task.isCancelled)
        token.cancel()
    }

    func testFailedPosterFallsBackToThePlaceholder() {
        let loader = FakeLoader()
        let cell = MovieCellModel(movie: alien, imageLoader: loader, configuration: configuration)
        loader.loads[0].completion(.failure(ImageLoadingError.http(status: 404)))
        XCTAssertEqual(cell.poster.value, .placeholder)
    }

    func testSearchDebouncesCancelsAndClears() {
        let service = FakeService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        var history: [[Movie]] = []
        let token = search.results.observe { history.append($0) }
        search.queryChanged("ali")
        scheduler.advance(by: 0.1)
        search.queryChanged("alien")
        scheduler.advance(by: 0.3)
        XCTAssertEqual(service.queries, ["alien"])
        search.queryChanged("bra")
        XCTAssertTrue(service.searchTasks[0].isCancelled)
        service.searchRequests[0](.success(MoviePage(results: [alien])))
        scheduler.advance(by: 0.3)
        service.searchRequests[1](.success(MoviePage(results: [brazil])))
        search.queryChanged("  ")
        XCTAssertEqual(history, [[], [brazil], []])
        XCTAssertEqual(scheduler.pendingCount, 0)
        token.cancel()
    }

    func testSearchErrorIsShownAndClearedByTheNextSuccess() {
        let service = FakeService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("x")
        scheduler.advance(by: 1)
        service.searchRequests[0](.failure(.http(status: 500, message: nil)))
        XCTAssertEqual(search.errorMessage.value, "The server answered with status 500.")
        search.queryChanged("y")
        scheduler.advance(by: 1)
        service.searchRequests[1](.success(MoviePage(results: [])))
        XCTAssertNil(search.errorMessage.value)
        XCTAssertFalse(search.isSearching.value)
    }
}

private final class FakeService: MovieService {
    var movieRequests: [(Result<MoviePage, APIError>) -> Void] = []
    var searchRequests: [(Result<MoviePage, APIError>) -> Void] = []
    var searchTasks: [BlockTask] = []
    var queries: [String] = []

    func movies(in category: MovieCategory, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        movieRequests.append(completion)
        return BlockTask()
    }

    func searchMovies(matching query: String, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        queries.append(query)
        searchRequests.append(completion)
        let task = BlockTask()
        searchTasks.append(task)
        return task
    }
}

private final class FakeLoader: ImageLoading {
    var loads: [(url: URL, completion: (Result<Data, Error>) -> Void, task: BlockTask)] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        let task = BlockTask()
        loads.append((url, completion, task))
        return task
    }
}

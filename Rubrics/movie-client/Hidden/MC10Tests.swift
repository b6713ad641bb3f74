import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MC10ListScreenTests: HiddenTestCase {
    private let configuration = TMDbConfiguration(apiKey: "KEY")
    private let movies = [
        Movie(id: 1, title: "Alien", overview: "In space no one can hear you scream.", posterPath: "/alien.jpg"),
        Movie(id: 2, title: "Brazil", overview: "A bureaucrat dreams.", posterPath: nil),
    ]

    private func makeList(_ service: HeldListService) -> MovieListViewModel {
        MovieListViewModel(
            category: .upcoming, service: service, imageLoader: QuietLoader(), configuration: configuration)
    }

    func test_MC10_stateGoesFromIdleThroughLoadingToLoaded() {
        let service = HeldListService()
        let list = makeList(service)
        var history: [ListState] = []
        let token = list.state.observe { history.append($0) }
        list.viewDidLoad()
        service.requests.last?.completion(.success(MoviePage(results: movies)))
        XCTAssertEqual(history, [.idle, .loading, .loaded(movies)])
        token.cancel()
    }

    func test_MC10_aFailureGivesFailedWithTheMessage() {
        let service = HeldListService()
        let list = makeList(service)
        list.viewDidLoad()
        service.requests.last?.completion(.failure(.http(status: 401, message: "Invalid API key")))
        XCTAssertEqual(list.state.value, .failed(message: "Invalid API key"))
    }

    func test_MC10_loadsTheFirstPageOfTheScreensOwnCategory() {
        let service = HeldListService()
        makeList(service).viewDidLoad()
        XCTAssertEqual(service.requests.map(\.category), [.upcoming])
        XCTAssertEqual(service.requests.map(\.page), [1], "TMDb's pages start at 1")
    }

    func test_MC10_aRefreshDuringALoad_showsOneAnswer_andNeverTheOlderLoads() {
        let service = HeldListService()
        let list = makeList(service)
        var history: [ListState] = []
        let token = list.state.observe { history.append($0) }
        defer { token.cancel() }
        list.viewDidLoad()
        list.refreshRequested()
        if service.requests.count == 2 {
            // The refresh starts over: the older load is cancelled, and what it still answers (URLSession answers a
            // cancelled task with an error) never shows.
            XCTAssertEqual(
                service.requests.first?.task.isCancelled, true, "the older load's answer is no longer wanted")
            XCTAssertEqual(service.requests.last?.task.isCancelled, false)
            service.requests.first?.completion(.failure(.transport(.cancelled)))
            XCTAssertEqual(list.state.value, .loading, "the cancelled load's answer showed")
            service.requests.last?.completion(.success(MoviePage(results: movies)))
        } else {
            // The refresh joins the load in flight: its answer shows.
            XCTAssertEqual(service.requests.count, 1, "one load, or one more for the refresh")
            service.requests.first?.completion(.success(MoviePage(results: movies)))
        }
        XCTAssertEqual(list.state.value, .loaded(movies))
        XCTAssertFalse(history.contains { if case .failed = $0 { true } else { false } }, "states: \(history)")
    }

    func test_MC10_aRefreshShowsTheNewMoviesInTheCells() {
        let service = HeldListService()
        let list = makeList(service)
        list.viewDidLoad()
        service.requests.last?.completion(.success(MoviePage(results: movies)))
        list.refreshRequested()
        guard service.requests.count == 2 else {
            return XCTFail("expected the first load and the refresh's load, got \(service.requests.count) requests")
        }
        let newer = [Movie(id: 3, title: "Cube", overview: "Rooms.", posterPath: nil)]
        service.requests[1].completion(.success(MoviePage(results: newer)))
        XCTAssertEqual(list.state.value, .loaded(newer))
        XCTAssertEqual(
            list.cells.value.map(\.title.value), ["Cube"],
            "the refresh loaded new movies but the cells kept the old ones")
        XCTAssertEqual(list.cells.value.map(\.overview.value), ["Rooms."])
    }

    func test_MC10_cellModelsCarryTitleOverviewAndPosterState() {
        let service = HeldListService()
        let list = makeList(service)
        list.viewDidLoad()
        service.requests.last?.completion(.success(MoviePage(results: movies)))
        XCTAssertEqual(list.cells.value.map(\.title.value), ["Alien", "Brazil"])
        XCTAssertEqual(
            list.cells.value.map(\.overview.value), ["In space no one can hear you scream.", "A bureaucrat dreams."])
        XCTAssertEqual(list.cells.value.map(\.poster.value), [.loading, .placeholder])
    }
}

private final class HeldListService: MovieService {
    var requests:
        [(category: MovieCategory, page: Int, completion: (Result<MoviePage, APIError>) -> Void, task: BlockTask)] =
            []

    func movies(in category: MovieCategory, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        let task = BlockTask()
        requests.append((category, page, completion, task))
        return task
    }

    func searchMovies(matching query: String, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        BlockTask()
    }
}

private final class QuietLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        BlockTask()
    }
}

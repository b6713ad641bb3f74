import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MC8CellReuseTests: HiddenTestCase {
    private let configuration = TMDbConfiguration(apiKey: "KEY")
    private let first = Movie(
        id: 1, title: "Alien", overview: "In space no one can hear you scream.", posterPath: "/alien.jpg")
    private let second = Movie(id: 2, title: "Brazil", overview: "A bureaucrat dreams.", posterPath: "/brazil.jpg")

    func test_MC8_rebindingCancelsTheOldPosterLoad() {
        let loader = HeldLoader()
        let cell = MovieCellModel(movie: first, imageLoader: loader, configuration: configuration)
        cell.bind(second)
        XCTAssertEqual(loader.loads.first?.task.isCancelled, true)
        XCTAssertEqual(loader.loads.last?.task.isCancelled, false)
    }

    func test_MC8_aLateResultForTheOldMovieNeverShows() {
        let loader = HeldLoader()
        let cell = MovieCellModel(movie: first, imageLoader: loader, configuration: configuration)
        var history: [PosterState] = []
        let token = cell.poster.observe { history.append($0) }
        cell.bind(second)
        loader.loads.first?.completion(.success(Data("ALIEN".utf8)))
        XCTAssertNotEqual(cell.poster.value, .image(Data("ALIEN".utf8)))
        loader.loads.last?.completion(.success(Data("BRAZIL".utf8)))
        XCTAssertEqual(cell.poster.value, .image(Data("BRAZIL".utf8)))
        XCTAssertFalse(history.contains(.image(Data("ALIEN".utf8))), "\(history)")
        token.cancel()
    }

    func test_MC8_rebindingToAMovieWithoutAPoster_showsThePlaceholder() {
        let loader = HeldLoader()
        let cell = MovieCellModel(movie: first, imageLoader: loader, configuration: configuration)
        loader.loads.first?.completion(.success(Data("ALIEN".utf8)))
        XCTAssertEqual(cell.poster.value, .image(Data("ALIEN".utf8)))
        cell.bind(Movie(id: 3, title: "Cube", overview: "Rooms.", posterPath: nil))
        XCTAssertEqual(cell.poster.value, .placeholder, "the old movie's poster stayed on a movie without one")
        XCTAssertEqual(loader.loads.count, 1, "no poster, no request")
    }

    func test_MC8_rebindingToAMovieWithoutAPoster_cancelsTheOldLoad() {
        let loader = HeldLoader()
        let cell = MovieCellModel(movie: first, imageLoader: loader, configuration: configuration)
        cell.bind(Movie(id: 3, title: "Cube", overview: "Rooms.", posterPath: nil))
        XCTAssertEqual(loader.loads.count, 1, "one poster load, for the first movie")
        XCTAssertEqual(
            loader.loads.first?.task.isCancelled, true,
            "the old movie's poster kept loading after the cell was rebound to a movie without a poster")
    }

    func test_MC8_rebindingShowsTheNewTitleAndOverview() {
        let cell = MovieCellModel(movie: first, imageLoader: HeldLoader(), configuration: configuration)
        var titles: [String] = []
        let token = cell.title.observe { titles.append($0) }
        cell.bind(second)
        XCTAssertEqual(titles, ["Alien", "Brazil"])
        XCTAssertEqual(cell.overview.value, "A bureaucrat dreams.")
        token.cancel()
    }

    func test_MC8_rebindingLoadsTheNewMoviesPoster() {
        let loader = HeldLoader()
        let cell = MovieCellModel(movie: first, imageLoader: loader, configuration: configuration)
        cell.bind(second)
        XCTAssertEqual(loader.loads.map(\.url.lastPathComponent), ["alien.jpg", "brazil.jpg"])
        XCTAssertEqual(cell.poster.value, .loading)
    }
}

private final class HeldLoader: ImageLoading {
    var loads: [(url: URL, completion: (Result<Data, Error>) -> Void, task: BlockTask)] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        let task = BlockTask()
        loads.append((url, completion, task))
        return task
    }
}

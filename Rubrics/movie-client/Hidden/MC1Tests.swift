import GraderTestSupport
import MovieClient
import XCTest

final class MC1CategoryTests: HiddenTestCase {
    func test_MC1_tabsAreNowPlayingPopularTopRatedUpcomingInThatOrder() {
        XCTAssertEqual(MovieCategory.tabs, [.nowPlaying, .popular, .topRated, .upcoming])
    }

    func test_MC1_nowPlayingIsTitledFromItsEndpointName() {
        XCTAssertEqual(MovieCategory.nowPlaying.title, "Now Playing")
    }

    func test_MC1_everyTabTitleIsDerivedFromTheEndpointName() {
        XCTAssertEqual(MovieCategory.tabs.map(\.title), ["Now Playing", "Popular", "Top Rated", "Upcoming"])
    }

    func test_MC1_listHeaderShowsTheCategoryTitle() {
        let list = MovieListViewModel(
            category: .topRated, service: SilentService(), imageLoader: SilentLoader(),
            configuration: TMDbConfiguration(apiKey: "KEY"))
        XCTAssertEqual(list.title, "Top Rated")
    }
}

private final class SilentService: MovieService {
    func movies(in category: MovieCategory, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        BlockTask()
    }

    func searchMovies(matching query: String, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        BlockTask()
    }
}

private final class SilentLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        BlockTask()
    }
}

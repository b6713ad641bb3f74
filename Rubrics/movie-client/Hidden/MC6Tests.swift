import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MC6PosterURLTests: HiddenTestCase {
    private let configuration = TMDbConfiguration(apiKey: "KEY")

    func test_MC6_posterURLJoinsTheImageBaseAndThePosterPath() {
        XCTAssertEqual(
            configuration.posterURL(for: "/wuMc08IPKEatf9rnMNXvIDxqP4W.jpg")?.absoluteString,
            "https://image.tmdb.org/t/p/w600_and_h900_bestv2/wuMc08IPKEatf9rnMNXvIDxqP4W.jpg")
    }

    func test_MC6_noDoubleSlashWhenTheBaseEndsWithASlash() throws {
        let base = try XCTUnwrap(URL(string: "https://image.tmdb.org/t/p/w600_and_h900_bestv2/"))
        let url = TMDbConfiguration(apiKey: "KEY", imageBaseURL: base).posterURL(for: "/abc.jpg")?.absoluteString ?? ""
        XCTAssertEqual(url, "https://image.tmdb.org/t/p/w600_and_h900_bestv2/abc.jpg")
    }

    func test_MC6_aPathWithoutItsLeadingSlashGivesTheSameURL() {
        XCTAssertEqual(
            configuration.posterURL(for: "abc.jpg")?.absoluteString,
            "https://image.tmdb.org/t/p/w600_and_h900_bestv2/abc.jpg")
    }

    func test_MC6_noPosterGivesNoURL() {
        XCTAssertNil(configuration.posterURL(for: nil))
        XCTAssertNil(configuration.posterURL(for: ""))
    }

    func test_MC6_aMovieWithoutPosterKeepsThePlaceholderAndMakesNoRequest() {
        let loader = CountingLoader()
        let cell = MovieCellModel(
            movie: Movie(id: 1, title: "No Poster"), imageLoader: loader, configuration: configuration)
        XCTAssertEqual(cell.poster.value, .placeholder)
        XCTAssertEqual(loader.count, 0)
    }
}

private final class CountingLoader: ImageLoading {
    var count = 0

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        count += 1
        return BlockTask()
    }
}

import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MC3DecodingTests: HiddenTestCase {
    func test_MC3_decodesAPageWithItsMovies() throws {
        let page = try MoviePage.decode(from: Data(MovieFixtures.page.utf8))
        XCTAssertEqual(page.page, 2)
        XCTAssertEqual(page.totalPages, 7)
        XCTAssertEqual(page.totalResults, 131)
        XCTAssertEqual(page.results.map(\.id), [671, 603])
        XCTAssertEqual(page.results[0].title, "Harry Potter and the Philosopher's Stone")
        XCTAssertEqual(page.results[0].overview, "Harry learns he is a wizard.")
        XCTAssertEqual(page.results[0].posterPath, "/wuMc08IPKEatf9rnMNXvIDxqP4W.jpg")
        XCTAssertEqual(page.results[0].releaseDate, "2001-11-16")
        XCTAssertEqual(page.results[0].voteAverage, 7.9, accuracy: 0.001)
    }

    func test_MC3_nullPosterAndEmptyReleaseDateDecode() throws {
        let matrix = try MoviePage.decode(from: Data(MovieFixtures.page.utf8)).results[1]
        XCTAssertNil(matrix.posterPath)
        XCTAssertTrue(
            matrix.releaseDate == nil || matrix.releaseDate == "", "\(String(describing: matrix.releaseDate))")
    }

    func test_MC3_unknownKeysAreIgnored() throws {
        let json =
            #"{"page": 1, "total_pages": 1, "total_results": 1, "dates": {"maximum": "2024-01-01"}, "results": [{"id": 5, "title": "Four Rooms", "overview": "", "poster_path": null, "release_date": "1995-12-09", "vote_average": 5.8, "video": false, "popularity": 12.5}]}"#
        XCTAssertEqual(try MoviePage.decode(from: Data(json.utf8)).results.first?.title, "Four Rooms")
    }

    func test_MC3_aMissingOptionalFieldIsNoError() throws {
        let movie = try XCTUnwrap(MoviePage.decode(from: Data(MovieFixtures.sparse.utf8)).results.first)
        XCTAssertEqual(movie.id, 1)
        XCTAssertEqual(movie.title, "Untitled Project")
        XCTAssertNil(movie.posterPath)
    }
}

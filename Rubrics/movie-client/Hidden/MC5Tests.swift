import Foundation
import GraderTestSupport
import MovieClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class MC5ThreadingTests: HiddenTestCase {
    private func deliveredOnMain(_ response: StubResponse, search: Bool = false) -> Bool? {
        let transport = StubTransport(always: response)
        let client = APIClient(session: transport.session, configuration: TMDbConfiguration(apiKey: "KEY"))
        let done = expectation(description: "completion")
        var onMain: Bool?
        let completion: (Result<MoviePage, APIError>) -> Void = { _ in
            onMain = Thread.isMainThread
            done.fulfill()
        }
        if search {
            client.searchMovies(matching: "matrix", page: 1, completion: completion)
        } else {
            client.movies(in: .popular, page: 1, completion: completion)
        }
        wait(for: [done], timeout: 2)
        return onMain
    }

    func test_MC5_resultsAreDeliveredOnTheMainThread() {
        XCTAssertEqual(deliveredOnMain(.json(MovieFixtures.page)), true)
    }

    func test_MC5_searchResultsAreDeliveredOnTheMainThread() {
        XCTAssertEqual(deliveredOnMain(.json(MovieFixtures.page), search: true), true)
    }

    func test_MC5_HTTPErrorsAreDeliveredOnTheMainThread() {
        XCTAssertEqual(deliveredOnMain(.json(MovieFixtures.invalidKey, status: 401)), true)
    }

    func test_MC5_decodingErrorsAreDeliveredOnTheMainThread() {
        XCTAssertEqual(
            deliveredOnMain(.json(#"{"results": [{"id": "#)), true,
            "a malformed body's decoding error was delivered off the main thread")
    }

    func test_MC5_theBodyIsDecodedOffTheMainThread() {
        let transport = StubTransport(always: .json(MovieFixtures.page))
        let client = APIClient(session: transport.session, configuration: TMDbConfiguration(apiKey: "KEY"))
        let done = expectation(description: "completion")
        let lock = NSLock()
        var decodedOnMain: [Bool] = []
        client.request(
            .movies(.popular, page: 1),
            decode: { data -> Int in
                lock.withLock { decodedOnMain.append(Thread.isMainThread) }
                return data.count
            },
            completion: { _ in done.fulfill() })
        wait(for: [done], timeout: 2)
        XCTAssertEqual(lock.withLock { decodedOnMain }, [false], "the body is decoded once, on URLSession's queue")
    }

    func test_MC5_transportErrorsAreDeliveredOnTheMainThread() {
        XCTAssertEqual(deliveredOnMain(.failure(.timedOut)), true)
    }
}

import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MC9SearchTests: HiddenTestCase {
    private var harry: [Movie] { [Movie(id: 671, title: "Harry Potter and the Philosopher's Stone")] }
    private var potter: [Movie] { [Movie(id: 672, title: "Harry Potter and the Chamber of Secrets")] }

    private func type(_ text: String, into search: SearchViewModel, _ scheduler: TestScheduler) {
        var typed = ""
        for character in text {
            typed.append(character)
            search.queryChanged(typed)
            scheduler.advance(by: 0.05)
        }
    }

    func test_MC9_typingQuicklyMakesOneRequestForTheWholeWord() {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        type("harry", into: search, scheduler)
        XCTAssertEqual(service.searches.map(\.query), [])
        scheduler.advance(by: 0.3)
        XCTAssertEqual(service.searches.map(\.query), ["harry"])
    }

    func test_MC9_resultsAppearWhenTheSearchAnswers() {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        var history: [[Int]] = []
        let token = search.results.observe { history.append($0.map(\.id)) }
        search.queryChanged("harry")
        scheduler.advance(by: 0.3)
        service.searches.last?.completion(.success(MoviePage(results: harry)))
        XCTAssertEqual(history, [[], [671]])
        token.cancel()
    }

    func test_MC9_aNewQueryCancelsTheSearchInFlight() {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("harry")
        scheduler.advance(by: 0.3)
        search.queryChanged("harry potter")
        XCTAssertEqual(service.searches.first?.task.isCancelled, true)
    }

    func test_MC9_clearingTheQueryWhileSearchingStopsTheIndicator() {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("harry")
        scheduler.advance(by: 0.3)
        XCTAssertTrue(search.isSearching.value, "a search is in flight")
        search.queryChanged("")
        XCTAssertFalse(search.isSearching.value, "nothing is being searched any more")
        XCTAssertEqual(service.searches.first?.task.isCancelled, true)
    }

    func test_MC9_anEmptyQueryClearsTheResultsWithNoRequest() {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("harry")
        scheduler.advance(by: 0.3)
        service.searches.last?.completion(.success(MoviePage(results: harry)))
        XCTAssertEqual(search.results.value.map(\.id), [671])
        search.queryChanged("")
        scheduler.advance(by: 1)
        XCTAssertEqual(search.results.value.map(\.id), [])
        XCTAssertEqual(service.searches.count, 1)
    }

    /// A search for "harry", then one for "potter" once the first was sent: both held.
    private func searchedHarryThenPotter(
        file: StaticString = #filePath, line: UInt = #line
    ) -> (HeldSearchService, SearchViewModel) {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("harry")
        scheduler.advance(by: 0.3)
        search.queryChanged("potter")
        scheduler.advance(by: 0.3)
        XCTAssertEqual(service.searches.map(\.query), ["harry", "potter"], file: file, line: line)
        return (service, search)
    }

    func test_MC9_aStaleFailureNeverShows() {
        let (service, search) = searchedHarryThenPotter()
        // URLSession answers the cancelled search with an error: it is as stale as a late success.
        service.searches[0].completion(.failure(.transport(.cancelled)))
        XCTAssertNil(search.errorMessage.value, "the cancelled search's error showed")
        XCTAssertTrue(search.isSearching.value, "potter is still being searched")
        service.searches[1].completion(.success(MoviePage(results: potter)))
        XCTAssertEqual(search.results.value.map(\.id), [672])
        XCTAssertNil(search.errorMessage.value)
    }

    /// How the old search for "harry" may answer once the query changed: URLSession's cancellation error, or late.
    private var oldSearchAnswers: [(name: String, result: Result<MoviePage, APIError>)] {
        [
            ("its cancellation error", .failure(.transport(.cancelled))),
            ("a late answer", .success(MoviePage(results: harry))),
        ]
    }

    /// A search for "harry" sent and held, then the query changed to `text`, the clock not moved since.
    private func searchingHarry(
        thenTyped text: String, file: StaticString = #filePath, line: UInt = #line
    ) -> (HeldSearchService, SearchViewModel, TestScheduler)? {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("harry")
        scheduler.advance(by: 0.3)
        search.queryChanged(text)
        XCTAssertEqual(service.searches.map(\.query), ["harry"], file: file, line: line)
        return service.searches.count == 1 ? (service, search, scheduler) : nil
    }

    func test_MC9_theOldSearchAnsweringWhileTheNewQueryIsDebouncedNeverShows() {
        for answer in oldSearchAnswers {
            guard case (let service, let search, let scheduler)? = searchingHarry(thenTyped: "potter") else { return }
            var history: [[Int]] = []
            let token = search.results.observe { history.append($0.map(\.id)) }
            // URLSession answers a cancelled task at once, before the new query's debounce ends.
            service.searches[0].completion(answer.result)
            XCTAssertNil(
                search.errorMessage.value, "the old search's \(answer.name) showed an error after the query changed")
            XCTAssertFalse(
                history.contains([671]),
                "the old search's \(answer.name) showed its results after the query changed: \(history)")
            scheduler.advance(by: 0.3)
            XCTAssertEqual(service.searches.map(\.query), ["harry", "potter"])
            guard service.searches.count == 2 else { return token.cancel() }
            service.searches[1].completion(.success(MoviePage(results: potter)))
            XCTAssertEqual(search.results.value.map(\.id), [672])
            XCTAssertNil(search.errorMessage.value)
            token.cancel()
        }
    }

    func test_MC9_theOldSearchAnsweringAfterTheQueryWasClearedNeverShows() {
        for answer in oldSearchAnswers {
            guard case (let service, let search, let scheduler)? = searchingHarry(thenTyped: "") else { return }
            service.searches[0].completion(answer.result)
            scheduler.advance(by: 1)
            XCTAssertEqual(
                search.results.value.map(\.id), [], "the old search's \(answer.name) refilled the cleared results")
            XCTAssertNil(search.errorMessage.value, "the old search's \(answer.name) showed an error after clearing")
            XCTAssertFalse(search.isSearching.value)
            XCTAssertEqual(service.searches.count, 1, "the cleared query was searched")
        }
    }

    func test_MC9_clearingTheQueryBeforeTheDebounceEndsSendsNothing() {
        let service = HeldSearchService()
        let scheduler = TestScheduler()
        let search = SearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("harry")
        scheduler.advance(by: 0.1)
        search.queryChanged("")
        scheduler.advance(by: 5)
        XCTAssertEqual(service.searches.map(\.query), [], "the cleared query was searched")
        XCTAssertFalse(search.isSearching.value)
    }

    func test_MC9_aStaleResponseNeverOverwritesANewerOne() {
        let (service, search) = searchedHarryThenPotter()
        service.searches[1].completion(.success(MoviePage(results: potter)))
        service.searches[0].completion(.success(MoviePage(results: harry)))
        XCTAssertEqual(search.results.value.map(\.id), [672])
    }
}

private final class HeldSearchService: MovieService {
    var searches: [(query: String, completion: (Result<MoviePage, APIError>) -> Void, task: BlockTask)] = []

    func movies(in category: MovieCategory, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        BlockTask()
    }

    func searchMovies(matching query: String, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void)
        -> CancellableTask
    {
        let task = BlockTask()
        searches.append((query, completion, task))
        return task
    }
}

import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FLP1: the last 10 distinct searches, most recent first, duplicates collapsed ignoring case.
final class FLP1RecentListTests: HiddenTestCase {
    /// Sends each of `queries` as a search (typed, then past the debounce) on a new screen; the screen.
    private func screen(searching queries: [String]) -> PhotoSearchViewModel {
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: TestStore())
        for query in queries {
            screen.queryChanged(query)
            clock.advance(by: 0.3)
        }
        return screen
    }

    func test_FLP1_theMostRecentSearchComesFirst() {
        XCTAssertEqual(screen(searching: ["owls", "cats", "dogs"]).recentSearches.value, ["dogs", "cats", "owls"])
    }

    func test_FLP1_onlyTheLastTenAreKept() {
        let queries = (1...12).map { "search \($0)" }
        XCTAssertEqual(screen(searching: queries).recentSearches.value, (3...12).reversed().map { "search \($0)" })
    }

    func test_FLP1_searchingAgainMovesASearchToTheFront() {
        XCTAssertEqual(screen(searching: ["owls", "cats", "owls"]).recentSearches.value, ["owls", "cats"])
    }

    func test_FLP1_duplicatesIgnoringCaseAreOneEntrySpelledAsLastSearched() {
        let recent = screen(searching: ["Kittens", "owls", "KITTENS", "kittens"]).recentSearches.value
        XCTAssertEqual(recent, ["kittens", "owls"])
    }

    func test_FLP1_elevenDistinctSearchesWithARepeatKeepTen() {
        let queries = (1...10).map { "q\($0)" } + ["Q1", "q11"]
        XCTAssertEqual(
            screen(searching: queries).recentSearches.value, ["q11", "Q1"] + (3...10).reversed().map { "q\($0)" })
    }
}

/// A search service that never answers: these tests look only at what was searched.
private final class SilentSearches: PhotoSearching {
    var calls: [String] = []

    func searchPhotos(
        matching text: String, page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        calls.append(text)
        return ProbeTask()
    }
}

/// A store the test owns: what it was loaded with, and every save.
private final class TestStore: RecentSearchesStore {
    var stored: [String]
    var saves: [[String]] = []

    init(_ stored: [String] = []) {
        self.stored = stored
    }

    func loadRecentSearches() -> [String] { stored }

    func saveRecentSearches(_ searches: [String]) {
        saves.append(searches)
        stored = searches
    }
}

private final class ProbeTask: CancellableTask {
    private(set) var isCancelled = false

    func cancel() { isCancelled = true }
}

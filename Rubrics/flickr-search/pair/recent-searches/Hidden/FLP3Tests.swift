import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FLP3: the list is kept across launches through the injected store.
final class FLP3KeptAcrossLaunchesTests: HiddenTestCase {
    private func search(_ queries: [String], on screen: PhotoSearchViewModel, _ clock: TestScheduler) {
        for query in queries {
            screen.queryChanged(query)
            clock.advance(by: 0.3)
        }
    }

    func test_FLP3_aNewScreenShowsWhatTheStoreHoldsBeforeAnythingIsTyped() {
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: TestScheduler(), debounce: 0.3,
            recentSearchesStore: TestStore(["owls", "cats"]))
        XCTAssertEqual(screen.recentSearches.value, ["owls", "cats"])
    }

    func test_FLP3_everyChangeIsSavedToTheStore() {
        let store = TestStore()
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: store)
        search(["owls", "cats"], on: screen, clock)
        XCTAssertEqual(store.saves.last, ["cats", "owls"])
        XCTAssertTrue(store.saves.contains(["owls"]), "saves: \(store.saves)")
    }

    func test_FLP3_aRelaunchRestoresTheList() {
        let store = TestStore()
        let clock = TestScheduler()
        let first = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: store)
        search(["owls", "cats", "dogs"], on: first, clock)
        let relaunched = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: TestScheduler(), debounce: 0.3, recentSearchesStore: store)
        XCTAssertEqual(relaunched.recentSearches.value, ["dogs", "cats", "owls"])
    }

    func test_FLP3_aRestoredListGrowsFromWhatWasKept() {
        let store = TestStore(["owls", "cats"])
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: store)
        search(["Owls", "dogs"], on: screen, clock)
        XCTAssertEqual(screen.recentSearches.value, ["dogs", "Owls", "cats"])
        XCTAssertEqual(store.stored, ["dogs", "Owls", "cats"])
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

import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FLP2: a search counts when it is sent (after the debounce), trimmed; keystrokes and empty queries do not.
final class FLP2WhatCountsTests: HiddenTestCase {
    func test_FLP2_keystrokesTypedOnTheWayDoNotCount() {
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: TestStore())
        var typed = ""
        for character in "kittens" {
            typed.append(character)
            screen.queryChanged(typed)
            clock.advance(by: 0.1)
        }
        clock.advance(by: 0.3)
        XCTAssertEqual(screen.recentSearches.value, ["kittens"])
    }

    func test_FLP2_aSearchCountsOnlyOnceItIsSent() {
        let clock = TestScheduler()
        let service = SilentSearches()
        let screen = PhotoSearchViewModel(
            service: service, scheduler: clock, debounce: 0.3, recentSearchesStore: TestStore())
        screen.queryChanged("owls")
        clock.advance(by: 0.2)
        XCTAssertEqual(screen.recentSearches.value, [], "owls was not searched yet")
        clock.advance(by: 0.1)
        XCTAssertEqual(service.calls, ["owls"])
        XCTAssertEqual(screen.recentSearches.value, ["owls"])
    }

    func test_FLP2_theTextIsTrimmedAndEmptyQueriesDoNotCount() {
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: TestStore())
        screen.queryChanged("  owls \n")
        clock.advance(by: 0.3)
        screen.queryChanged("   ")
        clock.advance(by: 0.3)
        screen.queryChanged("")
        clock.advance(by: 0.3)
        XCTAssertEqual(screen.recentSearches.value, ["owls"])
    }

    func test_FLP2_aQueryReplacedBeforeTheDebounceDoesNotCount() {
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(
            service: SilentSearches(), scheduler: clock, debounce: 0.3, recentSearchesStore: TestStore())
        screen.queryChanged("owls")
        clock.advance(by: 0.2)
        screen.queryChanged("")
        clock.advance(by: 1)
        XCTAssertEqual(screen.recentSearches.value, [])
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

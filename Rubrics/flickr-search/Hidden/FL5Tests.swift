import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FL5: the search screen pages: debounced page 1, the last row brings the next page, no page twice, none past
/// the last, and a new query starts over and drops late answers. Time moves only through `TestScheduler`.
final class FL5PagingTests: HiddenTestCase {
    /// Photos `ids` with distinct ids, secrets and titles.
    private func photos(_ ids: ClosedRange<Int>) -> [Photo] {
        ids.map { Photo(id: String($0), owner: "o", secret: "s\($0)", server: "1", farm: 1, title: "Photo \($0)") }
    }

    /// Page `number` of a search with `total` matches over `pages` pages of 20: the fields agree, so paging may
    /// stop by `pages` or by `total` (SPEC FL5 says only "stops after the last").
    private func page(_ number: Int, of pages: Int, total: Int, _ ids: ClosedRange<Int>) -> PhotosPage {
        PhotosPage(page: number, pages: pages, perPage: 20, total: total, photo: photos(ids))
    }

    /// A screen that has shown page 1 (`ids`) of `pages` for "kittens" (`total` matches: `pages` full pages unless
    /// told).
    private func screenOnPageOne(
        of pages: Int, total: Int? = nil, ids: ClosedRange<Int> = 1...20
    ) -> (PhotoSearchViewModel, HeldSearches, TestScheduler) {
        let service = HeldSearches()
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(service: service, scheduler: clock, debounce: 0.3)
        screen.queryChanged("kittens")
        clock.advance(by: 0.3)
        XCTAssertEqual(service.calls, ["kittens#1"], "page 1 should be requested once the debounce has passed")
        service.answer(0, with: page(1, of: pages, total: total ?? pages * 20, ids))
        XCTAssertEqual(screen.photos.value.map(\.id), ids.map(String.init), "page 1 should be shown")
        return (screen, service, clock)
    }

    func test_FL5_typingQuicklyRequestsPageOneOfTheWholeWordOnce() {
        let service = HeldSearches()
        let clock = TestScheduler()
        let screen = PhotoSearchViewModel(service: service, scheduler: clock, debounce: 0.3)
        var typed = ""
        for character in "kittens" {
            typed.append(character)
            screen.queryChanged(typed)
            clock.advance(by: 0.1)
        }
        XCTAssertEqual(service.calls, [])
        clock.advance(by: 0.3)
        XCTAssertEqual(service.calls, ["kittens#1"])
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1"])
    }

    func test_FL5_theLastRowBringsTheNextPageAppendedInOrder() {
        let (screen, service, _) = screenOnPageOne(of: 3)
        var history: [[String]] = []
        let token = screen.photos.observe { history.append($0.map(\.id)) }
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"])
        service.answer(1, with: page(2, of: 3, total: 60, 21...40))
        XCTAssertEqual(history.last, (1...40).map(String.init))
        XCTAssertEqual(history.first, (1...20).map(String.init))
        token.cancel()
    }

    func test_FL5_rowsBeforeTheLastFewRequestNothing() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        for index in 0..<15 { screen.willDisplayPhoto(at: index) }
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1"])
    }

    func test_FL5_noPageIsRequestedTwice() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        screen.willDisplayPhoto(at: 19)
        screen.willDisplayPhoto(at: 19)
        screen.willDisplayPhoto(at: 18)
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"], "no second request while page 2 is on its way")
        service.answer(1, with: page(2, of: 3, total: 60, 21...40))
        screen.willDisplayPhoto(at: 19)
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"], "row 20 is no longer the last: nothing to load")
        screen.willDisplayPhoto(at: 39)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2", "kittens#3"])
    }

    func test_FL5_aFailedPageStopsTheSpinnerAndKeepsThePhotosShown() {
        let (screen, service, _) = screenOnPageOne(of: 3)
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"])
        service.fail(1, with: .transport(.timedOut))
        XCTAssertFalse(screen.isLoading.value, "page 2 failed and nothing else is loading, yet the spinner stayed on")
        XCTAssertEqual(
            screen.photos.value.map(\.id), (1...20).map(String.init), "a failed next page must keep the photos shown")
    }

    func test_FL5_afterAFailedPage_theNextPageAskedForIsStillThatPage() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"])
        service.fail(1, with: .transport(.timedOut))
        // Asking for page 2 again on the next scroll, or waiting for another trigger, are both fine; skipping
        // page 2 for page 3 loses its photos for good.
        screen.willDisplayPhoto(at: 19)
        clock.advance(by: 5)
        XCTAssertFalse(
            service.calls.contains("kittens#3"),
            "after page 2 failed the next page is still page 2, never page 3: got \(service.calls)")
        guard service.calls == ["kittens#1", "kittens#2", "kittens#2"] else { return }
        service.answer(2, with: page(2, of: 3, total: 60, 21...40))
        XCTAssertEqual(screen.photos.value.map(\.id), (1...40).map(String.init), "page 2 should append to page 1")
        screen.willDisplayPhoto(at: 39)
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2", "kittens#2", "kittens#3"])
    }

    func test_FL5_pagingStopsAfterTheLastPage() {
        let (screen, service, clock) = screenOnPageOne(of: 2, total: 30)
        screen.willDisplayPhoto(at: 19)
        service.answer(1, with: page(2, of: 2, total: 30, 21...30))
        screen.willDisplayPhoto(at: 29)
        screen.willDisplayPhoto(at: 29)
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"])
        XCTAssertEqual(screen.photos.value.count, 30)
    }

    func test_FL5_aNewQueryStartsAtPageOneAndDropsLateAnswersForTheOldOne() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2"])
        screen.queryChanged("owls")
        clock.advance(by: 0.3)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2", "owls#1"])
        service.answer(1, with: page(2, of: 3, total: 60, 21...40))
        XCTAssertFalse(screen.photos.value.map(\.id).contains("21"), "a late kittens page was shown for owls")
        service.answer(2, with: page(1, of: 2, total: 40, 101...120))
        XCTAssertEqual(screen.photos.value.map(\.id), (101...120).map(String.init))
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2", "owls#1", "owls#2"])
    }

    func test_FL5_aLateFailureForTheOldQueryNeverShows() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        screen.willDisplayPhoto(at: 19)
        screen.queryChanged("owls")
        clock.advance(by: 0.3)
        XCTAssertEqual(service.calls, ["kittens#1", "kittens#2", "owls#1"])
        // URLSession answers the cancelled page 2 with an error: it is as stale as a late page.
        service.fail(1, with: .transport(.cancelled))
        XCTAssertNil(screen.errorMessage.value, "the old query's error showed")
        XCTAssertTrue(screen.isLoading.value, "owls page 1 is still on its way")
        service.answer(2, with: page(1, of: 2, total: 40, 101...120))
        XCTAssertEqual(screen.photos.value.map(\.id), (101...120).map(String.init))
        XCTAssertNil(screen.errorMessage.value)
    }

    func test_FL5_aNewQueryCancelsTheRequestInFlight() {
        let (screen, service, _) = screenOnPageOne(of: 3)
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.tasks.last?.isCancelled, false)
        screen.queryChanged("owls")
        XCTAssertEqual(service.tasks.last?.isCancelled, true, "page 2 of kittens is no longer wanted")
    }

    func test_FL5_theOldQuerysLastRowBringsNothingBeforeTheNewQuerysFirstPage() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        screen.queryChanged("owls")
        screen.willDisplayPhoto(at: 19)
        XCTAssertEqual(service.calls, ["kittens#1"], "paging starts over: no owls page 2 before owls page 1")
        clock.advance(by: 0.3)
        XCTAssertEqual(service.calls, ["kittens#1", "owls#1"])
    }

    func test_FL5_clearingTheQueryClearsThePhotosTheSpinnerAndTheError() {
        let (screen, service, clock) = screenOnPageOne(of: 3)
        screen.queryChanged("owls")
        clock.advance(by: 0.3)
        XCTAssertTrue(screen.isLoading.value, "owls page 1 is on its way")
        screen.queryChanged("")
        XCTAssertEqual(screen.photos.value.map(\.id), [], "an empty query shows no photos")
        XCTAssertFalse(screen.isLoading.value, "nothing is loading for an empty query")

        screen.queryChanged("bats")
        clock.advance(by: 0.3)
        service.fail(2, with: .http(status: 500))
        XCTAssertNotNil(screen.errorMessage.value)
        screen.queryChanged("  ")
        XCTAssertNil(screen.errorMessage.value, "an empty query shows no error")
        clock.advance(by: 5)
        XCTAssertEqual(service.calls, ["kittens#1", "owls#1", "bats#1"], "an empty query requests nothing")
    }
}

/// A search service whose answers the test gives when it chooses.
private final class HeldSearches: PhotoSearching {
    var calls: [String] = []
    private(set) var tasks: [ProbeTask] = []
    private var completions: [(Result<PhotosPage, NetworkError>) -> Void] = []

    func searchPhotos(
        matching text: String, page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        calls.append("\(text)#\(page)")
        completions.append(completion)
        let task = ProbeTask()
        tasks.append(task)
        return task
    }

    func answer(_ index: Int, with page: PhotosPage) {
        guard index < completions.count else { return XCTFail("request \(index) was never made") }
        completions[index](.success(page))
    }

    func fail(_ index: Int, with error: NetworkError) {
        guard index < completions.count else { return XCTFail("request \(index) was never made") }
        completions[index](.failure(error))
    }
}

private final class ProbeTask: CancellableTask {
    private(set) var isCancelled = false

    func cancel() { isCancelled = true }
}

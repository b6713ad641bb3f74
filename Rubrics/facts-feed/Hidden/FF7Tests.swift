import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Holds every load until the test answers it; counts the loads started.
private final class HeldFeedLoader: FeedLoading {
    private(set) var pending: [(Result<Feed, FeedError>) -> Void] = []
    private(set) var started = 0

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        started += 1
        pending.append(completion)
    }

    func answer(_ result: Result<Feed, FeedError>) {
        guard !pending.isEmpty else { return XCTFail("no load is waiting for an answer") }
        pending.removeFirst()(result)
    }
}

/// An image loader that never answers.
private final class SilentImageLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {}
}

final class FF7RefreshTests: HiddenTestCase {
    private let threeRows = Feed(
        title: "About Canada",
        rows: [
            FeedRow(title: "Beavers", description: "Dams.", imageHref: nil),
            FeedRow(title: "Flag", description: "Red.", imageHref: nil),
            FeedRow(title: "Eh", description: "Eh?", imageHref: nil),
        ])

    private func makeViewModel(_ loader: HeldFeedLoader) -> FeedViewModel {
        FeedViewModel(feedLoader: loader, imageLoader: SilentImageLoader(), uiScheduler: ImmediateScheduler())
    }

    func test_FF7_refreshWhileLoadingStartsNoSecondRequest() {
        let loader = HeldFeedLoader()
        let viewModel = makeViewModel(loader)

        viewModel.viewDidLoad()
        viewModel.refreshRequested()
        viewModel.refreshRequested()

        XCTAssertEqual(loader.started, 1)
        loader.answer(.success(threeRows))
        viewModel.refreshRequested()
        XCTAssertEqual(loader.started, 2, "once the load is done, a refresh reloads")
    }

    func test_FF7_refreshesDuringARefreshStartNothing() {
        let loader = HeldFeedLoader()
        let viewModel = makeViewModel(loader)
        viewModel.viewDidLoad()
        loader.answer(.success(threeRows))

        viewModel.refreshRequested()
        viewModel.refreshRequested()
        viewModel.refreshRequested()

        XCTAssertEqual(loader.started, 2, "the first load and one refresh")
        loader.answer(.success(Feed(title: "About Canada", rows: Array(threeRows.rows.suffix(1)))))
        XCTAssertEqual(viewModel.rows.value.count, 1, "the refreshed feed has one row")
        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertFalse(viewModel.isRefreshing.value)
        XCTAssertEqual(loader.pending.count, 0, "no load is left waiting")
    }

    func test_FF7_refreshAfterAFailedFirstLoadLoadsAgain() {
        // Offline at launch: the first load fails and no rows are shown; pulling to refresh must still reload.
        let loader = HeldFeedLoader()
        let viewModel = makeViewModel(loader)
        viewModel.viewDidLoad()
        loader.answer(.failure(.transport("The Internet connection appears to be offline.")))

        viewModel.refreshRequested()

        XCTAssertEqual(
            loader.started, 2, "a refresh after a failed first load started nothing: the failed load stays 'in flight'")
        guard loader.started == 2 else { return }
        loader.answer(.success(threeRows))
        XCTAssertEqual(viewModel.rows.value.count, 3, "the refreshed feed is shown")
        XCTAssertEqual(viewModel.state.value, .loaded)
    }

    func test_FF7_failedRefreshKeepsTheRowsAndReportsTheError() {
        let loader = HeldFeedLoader()
        let viewModel = makeViewModel(loader)
        viewModel.viewDidLoad()
        loader.answer(.success(threeRows))
        let shown = viewModel.rows.value

        viewModel.refreshRequested()
        loader.answer(.failure(.http(status: 503)))

        XCTAssertEqual(viewModel.rows.value, shown)
        XCTAssertEqual(viewModel.rows.value.count, 3)
        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertFalse((viewModel.refreshError.value ?? "").isEmpty, "the error is reported")
        XCTAssertFalse(viewModel.isRefreshing.value)
    }

    func test_FF7_refreshAfterAFailedRefreshShowsTheNewFeed() {
        let loader = HeldFeedLoader()
        let viewModel = makeViewModel(loader)
        var errors: [String?] = []
        let observation = viewModel.refreshError.observe { errors.append($0) }
        defer { observation.cancel() }
        viewModel.viewDidLoad()
        loader.answer(.success(threeRows))

        viewModel.refreshRequested()
        loader.answer(.failure(.transport("The Internet connection appears to be offline.")))
        viewModel.refreshRequested()
        loader.answer(.success(Feed(title: "About Canada", rows: Array(threeRows.rows.prefix(2)))))

        XCTAssertEqual(viewModel.rows.value.count, 2)
        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertEqual(errors.compactMap { $0 }.count, 1, "errors: \(errors)")
        XCTAssertEqual(errors.last ?? "not nil", nil, "a successful refresh clears the error")
    }

    func test_FF7_overlappingRefreshesSpinTheRefreshControlOnce() {
        let loader = HeldFeedLoader()
        let viewModel = makeViewModel(loader)
        viewModel.viewDidLoad()
        loader.answer(.success(threeRows))
        var refreshing: [Bool] = []
        let observation = viewModel.isRefreshing.observe { refreshing.append($0) }
        defer { observation.cancel() }

        viewModel.refreshRequested()
        viewModel.refreshRequested()
        loader.answer(.success(threeRows))

        XCTAssertEqual(refreshing, [false, true, false])
        XCTAssertEqual(loader.pending.count, 0, "no load is left waiting")
    }
}

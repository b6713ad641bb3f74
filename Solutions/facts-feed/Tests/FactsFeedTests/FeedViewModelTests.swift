import FactsFeed
import XCTest

/// A feed loader the test answers by hand.
final class ManualFeedLoader: FeedLoading {
    private(set) var pending: [(Result<Feed, FeedError>) -> Void] = []
    private(set) var calls = 0

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        calls += 1
        pending.append(completion)
    }

    func answer(_ result: Result<Feed, FeedError>) {
        guard !pending.isEmpty else { return XCTFail("no load to answer") }
        pending.removeFirst()(result)
    }
}

/// An image loader that records the URLs asked for and answers by hand.
final class ManualImageLoader: ImageLoading {
    private(set) var requested: [URL] = []
    private var pending: [URL: [(Result<Data, FeedError>) -> Void]] = [:]

    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {
        requested.append(url)
        pending[url, default: []].append(completion)
    }

    func answer(_ url: URL, with result: Result<Data, FeedError>) {
        for completion in pending.removeValue(forKey: url) ?? [] { completion(result) }
    }
}

/// Every value an output took, in order.
final class Recorder<Value> {
    private(set) var values: [Value] = []
    private var observation: Observation?

    init(_ property: ReadOnlyProperty<Value>) {
        observation = property.observe { [weak self] in self?.values.append($0) }
    }
}

final class FeedViewModelTests: XCTestCase {
    private let feed = Feed(
        title: "About Canada",
        rows: [
            FeedRow(title: "Beavers", description: "Busy.", imageHref: "https://img.test/beaver.jpg"),
            FeedRow(title: "Eh", description: "A word.", imageHref: nil),
            FeedRow(title: "Flag", description: nil, imageHref: "https://img.test/flag.png"),
            FeedRow(title: "Flag again", description: nil, imageHref: "https://img.test/flag.png"),
        ])
    private let feedLoader = ManualFeedLoader()
    private let imageLoader = ManualImageLoader()
    private let scheduler = TestScheduler()

    private func makeViewModel() -> FeedViewModel {
        FeedViewModel(feedLoader: feedLoader, imageLoader: imageLoader, uiScheduler: scheduler)
    }

    private func url(_ text: String) -> URL { URL(string: text) ?? URL(fileURLWithPath: "/") }

    func testLoadShowsTitleAndRowsOnTheUIScheduler() {
        let viewModel = makeViewModel()
        let states = Recorder(viewModel.state)
        let titles = Recorder(viewModel.title)

        viewModel.viewDidLoad()
        feedLoader.answer(.success(feed))
        XCTAssertEqual(states.values, [.idle, .loading], "nothing changes until the UI scheduler runs")
        scheduler.run()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded])
        XCTAssertEqual(titles.values, ["", "About Canada"])
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Beavers", "Eh", "Flag", "Flag again"])
        XCTAssertEqual(viewModel.rows.value.map(\.hasImageSlot), [true, false, true, true])
        XCTAssertEqual(imageLoader.requested, [], "loading the feed requests no image")
    }

    func testVisibleAndPrefetchedRowsLoadTheirImagesOnce() {
        let viewModel = makeViewModel()
        viewModel.viewDidLoad()
        feedLoader.answer(.success(feed))
        scheduler.run()

        viewModel.rowsBecameVisible([0, 1])
        XCTAssertEqual(imageLoader.requested, [url("https://img.test/beaver.jpg")])
        viewModel.prefetchRequested([2, 3, 9])
        XCTAssertEqual(imageLoader.requested, [url("https://img.test/beaver.jpg"), url("https://img.test/flag.png")])

        imageLoader.answer(url("https://img.test/flag.png"), with: .success(Data([7])))
        imageLoader.answer(url("https://img.test/beaver.jpg"), with: .failure(.http(status: 404)))
        scheduler.run()
        XCTAssertEqual(
            viewModel.rows.value.map(\.image), [.placeholder, .none, .loaded(Data([7])), .loaded(Data([7]))])
    }

    func testRefreshWhileLoadingStartsNothingAndAFailedRefreshKeepsTheRows() {
        let viewModel = makeViewModel()
        let refreshing = Recorder(viewModel.isRefreshing)
        let errors = Recorder(viewModel.refreshError)
        viewModel.viewDidLoad()
        viewModel.refreshRequested()
        XCTAssertEqual(feedLoader.calls, 1)
        feedLoader.answer(.success(feed))
        scheduler.run()

        viewModel.refreshRequested()
        viewModel.refreshRequested()
        XCTAssertEqual(feedLoader.calls, 2)
        feedLoader.answer(.failure(.http(status: 503)))
        scheduler.run()

        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertEqual(viewModel.rows.value.count, 4)
        XCTAssertEqual(refreshing.values, [false, true, false])
        XCTAssertEqual(errors.values, [nil, FeedError.http(status: 503).message])

        viewModel.refreshRequested()
        feedLoader.answer(.success(Feed(title: "À propos", rows: [])))
        scheduler.run()
        XCTAssertEqual(errors.values, [nil, FeedError.http(status: 503).message, nil])
        XCTAssertEqual(viewModel.title.value, "À propos")
    }

    func testFailedFirstLoadFailsWithAMessageAndCanBeRetried() {
        let viewModel = makeViewModel()
        let states = Recorder(viewModel.state)
        viewModel.viewDidLoad()
        feedLoader.answer(.failure(.invalidResponse("it is not valid JSON")))
        scheduler.run()
        viewModel.refreshRequested()
        feedLoader.answer(.success(feed))
        scheduler.run()
        XCTAssertEqual(
            states.values,
            [
                .idle, .loading, .failed(message: "The feed could not be read: it is not valid JSON"), .loading,
                .loaded,
            ])
    }

    func testRowModelsKeepTheFullText() {
        let long = String(repeating: "Très long texte. ", count: 200)
        let row = FactRowModel(row: FeedRow(title: long, description: long + "\n" + long, imageHref: " "))
        XCTAssertEqual(row.title, long)
        XCTAssertEqual(row.description, long + "\n" + long)
        XCTAssertFalse(row.hasImageSlot, "a blank imageHref is no image")
    }

    func testQueueSchedulerChangesOutputsOnMain() {
        let viewModel = FeedViewModel(
            feedLoader: feedLoader, imageLoader: imageLoader, uiScheduler: QueueScheduler(queue: .main))
        let loaded = expectation(description: "loaded")
        let observation = viewModel.state.observe { state in
            guard state == .loaded else { return }
            XCTAssertTrue(Thread.isMainThread)
            loaded.fulfill()
        }
        viewModel.viewDidLoad()
        let loader = feedLoader
        let feed = self.feed
        DispatchQueue.global().async { loader.answer(.success(feed)) }
        wait(for: [loaded], timeout: 2)
        observation.cancel()
    }
}

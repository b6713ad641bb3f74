import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every load with `feed` from a background queue, as URLSession does.
private final class BackgroundFeedLoader: FeedLoading {
    let feed: Feed

    init(_ feed: Feed) {
        self.feed = feed
    }

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        let feed = feed
        let answer = UncheckedCompletion(run: completion)
        DispatchQueue.global().async { answer.run(.success(feed)) }
    }
}

/// Answers every load with `feed` at once, on the caller's thread.
private final class ImmediateFeedLoader: FeedLoading {
    let feed: Feed

    init(_ feed: Feed) {
        self.feed = feed
    }

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        completion(.success(feed))
    }
}

private struct UncheckedCompletion: @unchecked Sendable {
    let run: (Result<Feed, FeedError>) -> Void
}

/// The client's answer, set on whichever thread it arrives.
private final class FeedResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Feed, FeedError>?

    func set(_ result: Result<Feed, FeedError>) { lock.withLock { stored = result } }
    var value: Result<Feed, FeedError>? { lock.withLock { stored } }
}

/// Holds every load until the test answers it, on the test's thread.
private final class HeldFeedLoader: FeedLoading {
    private(set) var pending: [(Result<Feed, FeedError>) -> Void] = []

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        pending.append(completion)
    }

    func answer(_ result: Result<Feed, FeedError>) {
        guard !pending.isEmpty else { return XCTFail("no load is waiting for an answer") }
        pending.removeFirst()(result)
    }
}

/// The names of the screen's outputs in the order they were set, from the moment it starts observing.
private final class OutputLog {
    let names = LockedLog<String>()
    private var observations: [Observation] = []

    init(_ viewModel: FeedViewModel) {
        let names = names
        observations = [
            viewModel.title.observe { _ in names.append("title") },
            viewModel.state.observe { _ in names.append("state") },
            viewModel.rows.observe { _ in names.append("rows") },
            viewModel.isRefreshing.observe { _ in names.append("isRefreshing") },
            viewModel.refreshError.observe { _ in names.append("refreshError") },
        ]
    }

    /// The outputs set since `count` names were logged.
    func since(_ count: Int) -> [String] { Array(names.values.dropFirst(count)) }

    func cancel() {
        for observation in observations { observation.cancel() }
    }
}

/// An image loader that never answers.
private final class SilentImageLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {}
}

/// Records, under a lock, whether each output change happened on the main thread, and whether the awaited value
/// has been recorded. A test waits for the record, not for the property's value: a property holds its new value
/// before its observers run, so a change made off main can show before it is logged.
private final class ThreadLog: @unchecked Sendable {
    private let lock = NSLock()
    private var onMain: [Bool] = []
    private var arrived = false

    func record(arrived isAwaited: Bool = false) {
        lock.withLock {
            onMain.append(Thread.isMainThread)
            arrived = arrived || isAwaited
        }
    }
    var values: [Bool] { lock.withLock { onMain } }
    /// Whether a change recorded with `arrived: true` has been logged.
    var hasArrived: Bool { lock.withLock { arrived } }
}

final class FF8ThreadingTests: HiddenTestCase {
    private let feed = Feed(
        title: "About Canada",
        rows: [FeedRow(title: "Beavers", description: "Dams.", imageHref: "https://images.example.com/beaver.jpg")])

    func test_FF8_stateChangesArriveOnMain() {
        let viewModel = FeedViewModel(
            feedLoader: BackgroundFeedLoader(feed), imageLoader: SilentImageLoader(),
            uiScheduler: QueueScheduler(queue: .main))
        let log = ThreadLog()
        let observations = [
            viewModel.state.observe { log.record(arrived: $0 == .loaded) },
            viewModel.rows.observe { _ in log.record() },
            viewModel.title.observe { _ in log.record() },
        ]
        defer { for observation in observations { observation.cancel() } }

        viewModel.viewDidLoad()

        XCTAssertTrue(waitUntil { log.hasArrived }, "state: \(viewModel.state.value)")
        settle()
        XCTAssertGreaterThan(log.values.count, 4)
        XCTAssertEqual(log.values.filter { !$0 }.count, 0, "outputs changed off the main thread")
    }

    func test_FF8_outputsChangeOnlyThroughTheUIScheduler() {
        let scheduler = TestScheduler()
        let viewModel = FeedViewModel(
            feedLoader: ImmediateFeedLoader(feed), imageLoader: SilentImageLoader(), uiScheduler: scheduler)

        viewModel.viewDidLoad()

        XCTAssertNotEqual(viewModel.state.value, .loaded, "the answer waits for the UI scheduler")
        XCTAssertEqual(viewModel.rows.value, [])
        scheduler.run()
        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertEqual(viewModel.rows.value.count, 1)
    }

    /// A screen on the test's scheduler whose feed loads wait for the test, after viewDidLoad and the scheduler's run.
    private func heldScreen() -> (feeds: HeldFeedLoader, scheduler: TestScheduler, viewModel: FeedViewModel) {
        let feeds = HeldFeedLoader()
        let scheduler = TestScheduler()
        let viewModel = FeedViewModel(feedLoader: feeds, imageLoader: SilentImageLoader(), uiScheduler: scheduler)
        viewModel.viewDidLoad()
        scheduler.run()
        return (feeds, scheduler, viewModel)
    }

    func test_FF8_aFailedLoadChangesTheOutputsOnlyThroughTheUIScheduler() {
        let (feeds, scheduler, viewModel) = heldScreen()
        XCTAssertEqual(feeds.pending.count, 1, "viewDidLoad loads the feed")
        guard feeds.pending.count == 1 else { return }
        let log = OutputLog(viewModel)
        defer { log.cancel() }
        let seen = log.names.values.count

        feeds.answer(.failure(.transport("The Internet connection appears to be offline.")))

        XCTAssertEqual(log.since(seen), [], "a failure changed outputs on the loader's queue, not on the UI scheduler")
        scheduler.run()
        guard case .failed = viewModel.state.value else {
            return XCTFail("once the UI scheduler runs, the state is failed: \(viewModel.state.value)")
        }
    }

    func test_FF8_aRefreshChangesTheOutputsOnlyThroughTheUIScheduler() {
        let (feeds, scheduler, viewModel) = heldScreen()
        feeds.answer(.success(feed))
        scheduler.run()
        let log = OutputLog(viewModel)
        defer { log.cancel() }
        let answers: [(kind: String, result: Result<Feed, FeedError>)] = [
            ("successful", .success(feed)), ("failed", .failure(.http(status: 503))),
        ]

        for answer in answers {
            viewModel.refreshRequested()
            scheduler.run()
            XCTAssertEqual(feeds.pending.count, 1, "a refresh loads the feed")
            guard feeds.pending.count == 1 else { return }
            let seen = log.names.values.count

            feeds.answer(answer.result)

            XCTAssertEqual(
                log.since(seen), [],
                "a \(answer.kind) refresh changed outputs on the loader's queue, not on the UI scheduler")
            scheduler.run()
            XCTAssertFalse(viewModel.isRefreshing.value, "once the UI scheduler runs, the refresh control stops")
        }
    }

    func test_FF8_viewDidLoadReturnsBeforeTheNetworkAnswers() {
        let transport = StubTransport(always: .hold)
        let viewModel = FeedViewModel(
            feedLoader: FactsFeedClient(session: transport.session, url: hiddenURL("https://feeds.example.org/f.json")),
            imageLoader: SilentImageLoader(), uiScheduler: QueueScheduler(queue: .main))
        let log = ThreadLog()
        let observation = viewModel.state.observe { log.record(arrived: $0 == .loaded) }
        defer { observation.cancel() }

        let started = Date()
        viewModel.viewDidLoad()

        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "viewDidLoad must not wait for the network")
        XCTAssertEqual(viewModel.state.value, .loading)
        XCTAssertTrue(waitUntil { !transport.heldRequests.isEmpty }, "the feed was never requested")
        transport.respond(with: .json(HiddenFeeds.plain))
        XCTAssertTrue(waitUntil { log.hasArrived }, "state: \(viewModel.state.value)")
        XCTAssertEqual(log.values.filter { !$0 }.count, 0, "state changed off the main thread")
    }

    func test_FF8_theClientAnswersWhileTheMainThreadIsBusy() {
        // The client decodes on the session's queue and answers there (its documented contract): a client that
        // hops to main to decode or to answer never answers while this test holds the main thread.
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let client = FactsFeedClient(session: transport.session, url: hiddenURL("https://feeds.example.org/f.json"))
        let answered = DispatchSemaphore(value: 0)
        let result = FeedResultBox()

        client.loadFeed { answer in
            result.set(answer)
            answered.signal()
        }

        guard answered.wait(timeout: .now() + 5) == .success else {
            XCTFail("the feed never arrived while the main thread was busy: loading or decoding waits for main")
            return
        }
        if case .success(let feed)? = result.value {
            XCTAssertFalse(feed.rows.isEmpty, "the feed was decoded off main")
        } else {
            XCTFail("the client answered \(String(describing: result.value))")
        }
    }

    func test_FF8_imagesArriveOnMain() {
        let transport = StubTransport(always: .http(status: 200, body: Data([1, 2, 3])))
        let viewModel = FeedViewModel(
            feedLoader: BackgroundFeedLoader(feed),
            imageLoader: ImageLoader(session: transport.session, cache: ImageCache()),
            uiScheduler: QueueScheduler(queue: .main))
        viewModel.viewDidLoad()
        XCTAssertTrue(waitUntil { viewModel.state.value == .loaded })
        let log = ThreadLog()
        let observation = viewModel.rows.observe { log.record(arrived: $0.first?.image == .loaded(Data([1, 2, 3]))) }
        defer { observation.cancel() }

        viewModel.rowsBecameVisible([0])

        XCTAssertTrue(waitUntil { log.hasArrived }, "rows: \(viewModel.rows.value.map(\.image))")
        XCTAssertEqual(log.values.filter { !$0 }.count, 0, "rows changed off the main thread")
    }
}

import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class FF1FetchTests: HiddenTestCase {
    private let feedURL = hiddenURL("https://feeds.example.org/v2/facts.json")

    private func load(with client: FactsFeedClient) -> [Result<Feed, FeedError>] {
        var results: [Result<Feed, FeedError>] = []
        let lock = NSLock()
        client.loadFeed { result in lock.withLock { results.append(result) } }
        waitUntil { lock.withLock { !results.isEmpty } }
        settle()
        return lock.withLock { results }
    }

    /// Which URL is FF9's (the injected one): here, that the screen's load makes one GET.
    func test_FF1_viewDidLoadGetsTheFeedOnce() {
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let viewModel = FeedViewModel(
            feedLoader: FactsFeedClient(session: transport.session, url: feedURL),
            imageLoader: ImageLoader(session: transport.session, cache: ImageCache()),
            uiScheduler: QueueScheduler(queue: .main))

        viewModel.viewDidLoad()

        XCTAssertTrue(waitUntil { viewModel.state.value == .loaded }, "state: \(viewModel.state.value)")
        settle()
        XCTAssertEqual(transport.requests.count, 1, "\(transport.requests.map(\.url))")
        XCTAssertEqual(transport.requests.first?.httpMethod ?? "GET", "GET")
    }

    func test_FF1_clientDecodesTheFeedWithCodable() throws {
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let results = load(with: FactsFeedClient(session: transport.session, url: feedURL))

        XCTAssertEqual(results.count, 1, "one answer per load")
        let feed = try XCTUnwrap(results.first).get()
        XCTAssertEqual(
            feed,
            Feed(
                title: "About Canada",
                rows: [
                    FeedRow(
                        title: "Beavers", description: "Beavers build dams.",
                        imageHref: "https://images.example.com/beaver.jpg"),
                    FeedRow(
                        title: "Flag", description: "Red and white.", imageHref: "https://images.example.com/flag.png"),
                    FeedRow(title: "Eh", description: "A question.", imageHref: "https://images.example.com/eh.jpg"),
                ]))
    }

    func test_FF1_loadedScreenHasOneRowPerFeedRow() {
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let viewModel = FeedViewModel(
            feedLoader: FactsFeedClient(session: transport.session, url: feedURL),
            imageLoader: ImageLoader(session: transport.session, cache: ImageCache()),
            uiScheduler: QueueScheduler(queue: .main))

        viewModel.viewDidLoad()

        // Both outputs: a submission may set the state before the rows.
        XCTAssertTrue(
            waitUntil { viewModel.state.value == .loaded && viewModel.rows.value.count == 3 },
            "state: \(viewModel.state.value), rows: \(viewModel.rows.value.count)")
        XCTAssertEqual(
            viewModel.rows.value.map(\.imageURL),
            [
                hiddenURL("https://images.example.com/beaver.jpg"), hiddenURL("https://images.example.com/flag.png"),
                hiddenURL("https://images.example.com/eh.jpg"),
            ])
    }

    func test_FF1_stateGoesFromLoadingToLoaded() {
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let viewModel = FeedViewModel(
            feedLoader: FactsFeedClient(session: transport.session, url: feedURL),
            imageLoader: ImageLoader(session: transport.session, cache: ImageCache()),
            uiScheduler: QueueScheduler(queue: .main))
        let states = LockedLog<FeedState>()
        let observation = viewModel.state.observe { states.append($0) }
        defer { observation.cancel() }

        viewModel.viewDidLoad()

        XCTAssertTrue(waitUntil { states.values.last == .loaded }, "states: \(states.values)")
        settle()
        XCTAssertEqual(states.values, [.idle, .loading, .loaded])
    }
}

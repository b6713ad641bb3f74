import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An image loader that never answers.
private final class SilentImageLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {}
}

final class FF10ErrorTests: HiddenTestCase {
    private let feedURL = hiddenURL("https://feeds.example.org/facts.json")

    /// The screen after loading a feed answered with `response`.
    private func screen(after response: StubResponse) -> FeedViewModel {
        let transport = StubTransport(always: response)
        let viewModel = FeedViewModel(
            feedLoader: FactsFeedClient(session: transport.session, url: feedURL), imageLoader: SilentImageLoader(),
            uiScheduler: QueueScheduler(queue: .main))
        viewModel.viewDidLoad()
        waitUntil {
            if case .failed = viewModel.state.value { return true }
            return viewModel.state.value == .loaded
        }
        return viewModel
    }

    private func failureMessage(_ viewModel: FeedViewModel) -> String? {
        guard case .failed(let message) = viewModel.state.value else { return nil }
        return message
    }

    func test_FF10_serverErrorFailsWithAMessage() {
        let viewModel = screen(after: .http(status: 500, body: Data("Internal Server Error".utf8)))

        let message = failureMessage(viewModel)
        XCTAssertNotNil(message, "state: \(viewModel.state.value)")
        XCTAssertFalse((message ?? "").isEmpty)
        XCTAssertEqual(viewModel.rows.value, [])
    }

    func test_FF10_errorStatusFailsEvenWithAFeedInTheBody() {
        let viewModel = screen(after: .json(HiddenFeeds.plain, status: 404))

        XCTAssertNotNil(failureMessage(viewModel), "state: \(viewModel.state.value)")
        XCTAssertEqual(viewModel.rows.value, [])
    }

    func test_FF10_invalidJSONFailsWithAMessage() {
        let viewModel = screen(after: .json(#"{"title":"About Canada","rows":[{"title":"#))

        XCTAssertFalse((failureMessage(viewModel) ?? "").isEmpty, "state: \(viewModel.state.value)")
    }

    func test_FF10_jsonOfTheWrongShapeFailsWithoutACrash() {
        let viewModel = screen(after: .json(#"{"title":42,"rows":"none"}"#))

        XCTAssertFalse((failureMessage(viewModel) ?? "").isEmpty, "state: \(viewModel.state.value)")
    }

    func test_FF10_clientReportsTheHTTPStatus() {
        // 503, and the edges of 2xx: a 300 with the feed in its body is still no feed.
        for (status, body) in [(503, Data()), (300, Data(HiddenFeeds.plain.utf8)), (199, Data())] {
            let transport = StubTransport(always: .http(status: status, body: body))
            let client = FactsFeedClient(session: transport.session, url: feedURL)
            var result: Result<Feed, FeedError>?
            let lock = NSLock()

            client.loadFeed { answer in lock.withLock { result = answer } }

            XCTAssertTrue(waitUntil { lock.withLock { result != nil } }, "the client never answered \(status)")
            XCTAssertEqual(lock.withLock { result }, .failure(.http(status: status)))
        }
    }

    func test_FF10_htmlErrorPageFailsWithAMessage() {
        let viewModel = screen(
            after: .http(
                status: 200, headers: ["Content-Type": "text/html"], body: Data("<html><body>Sorry</body></html>".utf8))
        )

        XCTAssertFalse((failureMessage(viewModel) ?? "").isEmpty, "state: \(viewModel.state.value)")
    }
}

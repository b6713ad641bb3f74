import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

final class FFP2SearchAndRefreshTests: HiddenTestCase {
    private let server = SearchServer()

    private func loadedViewModel() -> FeedViewModel {
        let viewModel = FeedViewModel(
            feedLoader: FactsFeedClient(session: server.transport.session, url: SearchServer.feedURL),
            imageLoader: ImageLoader(session: server.transport.session, cache: ImageCache()),
            uiScheduler: QueueScheduler(queue: .main))
        viewModel.viewDidLoad()
        XCTAssertTrue(searchWait { viewModel.state.value == .loaded }, "the feed never loaded")
        return viewModel
    }

    func test_FFP2_theSearchStaysAppliedToARefreshedFeed() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("hockey")
        server.feed = SearchServer.secondFeed
        viewModel.refreshRequested()
        XCTAssertTrue(
            searchWait { viewModel.rows.value.count == 2 },
            "rows: \(viewModel.rows.value.map(\.title))")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Hockey Night in Canada", "Hockey Hall of Fame"])
    }

    func test_FFP2_clearingTheSearchAfterARefreshShowsEveryNewRow() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("beaver")
        server.feed = SearchServer.secondFeed
        viewModel.refreshRequested()
        XCTAssertTrue(searchWait { viewModel.isRefreshing.value == false && server.transport.requests.count == 2 })
        searchSettle()
        XCTAssertEqual(viewModel.rows.value.map(\.title), [])
        viewModel.searchTextChanged("")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Hockey Night in Canada", "Poutine", "Hockey Hall of Fame"])
    }

    func test_FFP2_noMatchIsAnEmptyListNotAnError() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("zebra")
        XCTAssertEqual(viewModel.rows.value, [])
        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertNil(viewModel.refreshError.value)
    }
}

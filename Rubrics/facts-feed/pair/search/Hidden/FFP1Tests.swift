import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

final class FFP1MatchingTests: HiddenTestCase {
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

    func test_FFP1_matchesTheTitleOrTheDescriptionIgnoringCase() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("BEAVER")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Beavers"])
        viewModel.searchTextChanged("saturday")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Hockey Night in Canada"])
    }

    func test_FFP1_ignoresAccentsBothWays() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("quebec")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Québec"])
        viewModel.searchTextChanged("MONTRÉAL")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Montréal"])
        viewModel.searchTextChanged("cafe")
        XCTAssertEqual(viewModel.rows.value.map(\.title), ["Montréal"])
    }

    func test_FFP1_emptyOrBlankTextShowsEveryRowInTheFeedsOrder() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("hockey")
        viewModel.searchTextChanged("")
        XCTAssertEqual(viewModel.rows.value.map(\.title), SearchServer.firstTitles)
        viewModel.searchTextChanged("hockey")
        viewModel.searchTextChanged("   ")
        XCTAssertEqual(viewModel.rows.value.map(\.title), SearchServer.firstTitles)
    }

    func test_FFP1_matchesKeepTheFeedsOrderAndAMissingDescriptionMatchesNothing() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("e")
        XCTAssertEqual(
            viewModel.rows.value.map(\.title), ["Beavers", "Québec", "Montréal", "Hockey Night in Canada", "Eh"])
    }
}

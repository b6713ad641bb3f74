import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

final class FFP3SearchAndImageTests: HiddenTestCase {
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

    private func image(_ file: String) -> RowImage {
        .loaded(Data("https://images.example.com/\(file)".utf8))
    }

    func test_FFP3_visibleIndicesAreThoseOfTheShownRows() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("hockey")
        viewModel.rowsBecameVisible([0])
        XCTAssertTrue(searchWait { viewModel.rows.value.first?.image == image("hockey.jpg") })
        XCTAssertEqual(server.imageRequests, ["hockey.jpg"])
    }

    func test_FFP3_anImageLoadedBeforeTheSearchStaysWithItsRow() {
        let viewModel = loadedViewModel()
        viewModel.rowsBecameVisible([1])
        XCTAssertTrue(searchWait { viewModel.rows.value[1].image == image("quebec.jpg") })
        viewModel.searchTextChanged("quebec")
        XCTAssertEqual(viewModel.rows.value.map(\.image), [image("quebec.jpg")])
        viewModel.rowsBecameVisible([0])
        searchSettle()
        XCTAssertEqual(server.imageRequests, ["quebec.jpg"], "no second request for an image already shown")
    }

    func test_FFP3_anImageThatArrivesDuringASearchIsThereWhenItIsCleared() {
        let viewModel = loadedViewModel()
        viewModel.searchTextChanged("montreal")
        viewModel.prefetchRequested([0])
        XCTAssertTrue(searchWait { viewModel.rows.value.first?.image == image("montreal.jpg") })
        viewModel.searchTextChanged("")
        XCTAssertEqual(viewModel.rows.value[3].image, image("montreal.jpg"))
        XCTAssertEqual(viewModel.rows.value[0].image, .placeholder)
    }
}

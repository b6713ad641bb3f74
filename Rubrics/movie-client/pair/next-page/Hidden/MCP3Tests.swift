import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MCP3RefreshTests: HiddenTestCase {
    private let transport = StubTransport(always: .hold)

    /// A popular list showing pages 1 and 2 of 3.
    private func listOnPageTwo() -> MovieListViewModel {
        let configuration = TMDbConfiguration(apiKey: "KEY")
        let list = MovieListViewModel(
            category: .popular, service: APIClient(session: transport.session, configuration: configuration),
            imageLoader: ImageLoader(session: transport.session), configuration: configuration)
        list.viewDidLoad()
        PagedList.wait { !transport.heldRequests.isEmpty }
        PagedList.answer(transport, page: 1, with: PagedList.page(1, of: 3))
        PagedList.wait { list.cells.value.count == 20 }
        list.willDisplayCell(at: 19)
        PagedList.wait { !transport.heldRequests.isEmpty }
        PagedList.answer(transport, page: 2, with: PagedList.page(2, of: 3))
        PagedList.wait { list.cells.value.count == 40 }
        return list
    }

    func test_MCP3_refreshShowsPageOneOnly() {
        let list = listOnPageTwo()
        list.refreshRequested()
        PagedList.wait { !transport.heldRequests.isEmpty }
        PagedList.answer(transport, page: 1, with: PagedList.page(1, of: 3))
        PagedList.wait { list.cells.value.count == 20 }
        PagedList.settle()
        XCTAssertEqual(PagedList.requestedPages(transport), [1, 2, 1])
        XCTAssertEqual(list.cells.value.map(\.title.value), PagedList.ids(onPage: 1).map { "Movie \($0)" })
    }

    func test_MCP3_afterARefreshTheNextPageIsTwoAgain() {
        let list = listOnPageTwo()
        list.refreshRequested()
        PagedList.wait { !transport.heldRequests.isEmpty }
        PagedList.answer(transport, page: 1, with: PagedList.page(1, of: 3))
        PagedList.wait { list.cells.value.count == 20 }
        list.willDisplayCell(at: 19)
        PagedList.wait { transport.requests.count == 4 }
        XCTAssertEqual(PagedList.requestedPages(transport), [1, 2, 1, 2])
    }

    func test_MCP3_aPageOnItsWayBeforeTheRefreshIsDropped() {
        let list = listOnPageTwo()
        list.willDisplayCell(at: 39)
        PagedList.wait { transport.heldRequests.count == 1 }
        list.refreshRequested()
        PagedList.wait { transport.requests.count == 4 }
        // Page 3 arrives late (if it was not cancelled), then the refresh's page 1.
        PagedList.answer(transport, page: 3, with: PagedList.page(3, of: 3))
        PagedList.settle()
        PagedList.answer(transport, page: 1, with: PagedList.page(1, of: 3))
        PagedList.wait { list.cells.value.count == 20 }
        PagedList.settle()
        XCTAssertEqual(list.cells.value.map(\.title.value), PagedList.ids(onPage: 1).map { "Movie \($0)" })
    }
}

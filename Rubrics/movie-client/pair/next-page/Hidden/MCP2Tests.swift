import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MCP2NoWastedRequestTests: HiddenTestCase {
    private let transport = StubTransport(always: .hold)

    /// A popular list showing page 1 of `total`.
    private func listOnPageOne(of total: Int) -> MovieListViewModel {
        let configuration = TMDbConfiguration(apiKey: "KEY")
        let list = MovieListViewModel(
            category: .popular, service: APIClient(session: transport.session, configuration: configuration),
            imageLoader: ImageLoader(session: transport.session), configuration: configuration)
        list.viewDidLoad()
        PagedList.wait { !transport.heldRequests.isEmpty }
        PagedList.answer(transport, page: 1, with: PagedList.page(1, of: total))
        PagedList.wait { list.cells.value.count == 20 }
        return list
    }

    func test_MCP2_noSecondRequestWhileAPageIsOnItsWay() {
        let list = listOnPageOne(of: 3)
        list.willDisplayCell(at: 19)
        list.willDisplayCell(at: 18)
        list.willDisplayCell(at: 19)
        PagedList.settle()
        XCTAssertEqual(PagedList.requestedPages(transport), [1, 2])
    }

    func test_MCP2_noRequestPastTheLastPage() {
        let list = listOnPageOne(of: 1)
        list.willDisplayCell(at: 19)
        PagedList.settle()
        XCTAssertEqual(PagedList.requestedPages(transport), [1])
    }

    func test_MCP2_cellsBeforeTheLastRequestNothing() {
        let list = listOnPageOne(of: 3)
        for index in 0..<19 { list.willDisplayCell(at: index) }
        PagedList.settle()
        XCTAssertEqual(PagedList.requestedPages(transport), [1])
    }

    func test_MCP2_aFailedPageKeepsTheRowsAndIsRetried() {
        let list = listOnPageOne(of: 3)
        let shown = list.state.value
        list.willDisplayCell(at: 19)
        PagedList.wait { transport.heldRequests.count == 1 }
        PagedList.answer(transport, page: 2, with: .json(#"{"status_message": "Try later"}"#, status: 503))
        PagedList.settle()
        XCTAssertEqual(list.cells.value.count, 20)
        XCTAssertEqual(list.state.value, shown)

        list.willDisplayCell(at: 19)
        PagedList.wait { transport.requests.count == 3 }
        XCTAssertEqual(PagedList.requestedPages(transport), [1, 2, 2])
    }
}

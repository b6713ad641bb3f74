import Foundation
import GraderTestSupport
import MovieClient
import XCTest

final class MCP1NextPageTests: HiddenTestCase {
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

    func test_MCP1_theLastCellRequestsPageTwoOfTheSameCategory() throws {
        let list = listOnPageOne(of: 3)
        list.willDisplayCell(at: 19)
        PagedList.wait { transport.requests.count == 2 }
        let request = try XCTUnwrap(transport.requests.last)
        XCTAssertEqual(request.url?.path, "/3/movie/popular")
        XCTAssertEqual(PagedList.requestedPages(transport), [1, 2])
    }

    func test_MCP1_theNextPagesMoviesAreAppendedInOrder() {
        let list = listOnPageOne(of: 3)
        list.willDisplayCell(at: 19)
        PagedList.wait { transport.heldRequests.count == 1 }
        PagedList.answer(transport, page: 2, with: PagedList.page(2, of: 3))
        PagedList.wait { list.cells.value.count == 40 }
        XCTAssertEqual(list.cells.value.map(\.title.value), (1...40).map { "Movie \($0)" })
        guard case .loaded(let movies) = list.state.value else { return XCTFail("state: \(list.state.value)") }
        XCTAssertEqual(movies.map(\.id), Array(1...40))
    }

    func test_MCP1_pagesFollowOneAnotherToTheEnd() {
        let list = listOnPageOne(of: 3)
        for page in 2...3 {
            list.willDisplayCell(at: list.cells.value.count - 1)
            PagedList.wait { transport.heldRequests.count == 1 }
            PagedList.answer(transport, page: page, with: PagedList.page(page, of: 3))
            PagedList.wait { list.cells.value.count == page * 20 }
        }
        XCTAssertEqual(PagedList.requestedPages(transport), [1, 2, 3])
        XCTAssertEqual(list.cells.value.count, 60)
    }

    func test_MCP1_theFirstCellsKeepTheirModelsWhenAPageArrives() {
        let list = listOnPageOne(of: 2)
        let first = list.cells.value[0]
        list.willDisplayCell(at: 19)
        PagedList.wait { transport.heldRequests.count == 1 }
        PagedList.answer(transport, page: 2, with: PagedList.page(2, of: 2))
        PagedList.wait { list.cells.value.count == 40 }
        XCTAssertTrue(list.cells.value[0] === first, "a bound cell keeps its model (and its poster load)")
    }
}

import Foundation
import GraderTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// TMDb pages and waiting helpers for the next-page task (no import of the exercise module: a bent API must
/// not break every requirement's tests at once).
enum PagedList {
    /// Page `number` of `total` for the popular list: 20 movies with ids `(number - 1) * 20 + 1` … and no
    /// posters (so no image requests reach the transport).
    static func page(_ number: Int, of total: Int) -> StubResponse {
        let movies = ids(onPage: number).map { id in
            #"{"id": \#(id), "title": "Movie \#(id)", "overview": "", "poster_path": null, "vote_average": 7}"#
        }
        return .json(
            #"{"page": \#(number), "total_pages": \#(total), "total_results": \#(total * 20), "results": [\#(movies.joined(separator: ", "))]}"#
        )
    }

    static func ids(onPage number: Int) -> [Int] { Array((number - 1) * 20 + 1...number * 20) }

    /// The `page` query item of `request`.
    static func pageNumber(_ request: URLRequest) -> Int? {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return nil
        }
        return components.queryItems?.first { $0.name == "page" }?.value.flatMap { Int($0) }
    }

    /// The pages requested so far, in order.
    static func requestedPages(_ transport: StubTransport) -> [Int?] { transport.requests.map(pageNumber) }

    /// Answers the held request for page `number` with `response`.
    @discardableResult
    static func answer(_ transport: StubTransport, page number: Int, with response: StubResponse) -> Bool {
        guard let url = transport.heldRequests.first(where: { pageNumber($0) == number })?.url else { return false }
        return transport.respond(to: url, with: response)
    }

    /// Runs the main run loop until `condition` holds or `timeout` passes.
    static func wait(until condition: () -> Bool, timeout: TimeInterval = 2) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.005)) }
    }

    /// Lets a request that should not happen show up: runs the main run loop for a tenth of a second.
    static func settle() {
        RunLoop.current.run(until: Date().addingTimeInterval(0.1))
    }
}

import FactsFeed
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class FactsFeedClientTests: XCTestCase {
    private let url = URL(fileURLWithPath: "/feed.json").absoluteURL
    private let feedURL = URL(string: "https://feed.test/facts.json") ?? URL(fileURLWithPath: "/")

    private func load(_ answer: TestTransport.Answer) -> (Result<Feed, FeedError>?, TestTransport) {
        let transport = TestTransport { _ in answer }
        let client = FactsFeedClient(session: transport.session, url: feedURL)
        let done = expectation(description: "answer")
        var result: Result<Feed, FeedError>?
        client.loadFeed {
            result = $0
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        return (result, transport)
    }

    func testDefaultURLIsThePublicFeed() {
        XCTAssertEqual(
            FactsFeedClient.defaultURL.absoluteString, "https://dl.dropboxusercontent.com/s/2iodh4vg0eortkl/facts.json")
    }

    func testGetsTheConfiguredURLAndDecodesLatin1() throws {
        let body = try XCTUnwrap(#"{"title":"À propos","rows":[{"title":"Québec"}]}"#.data(using: .isoLatin1))
        let (result, transport) = load(.status(200, body))
        XCTAssertEqual(transport.requests.map(\.url), [feedURL])
        XCTAssertEqual(transport.requests.first?.httpMethod, "GET")
        XCTAssertEqual(
            try result?.get(),
            Feed(title: "À propos", rows: [FeedRow(title: "Québec", description: nil, imageHref: nil)]))
    }

    func testHTTPErrorIsAnErrorWithItsStatus() {
        let (result, _) = load(.status(500, Data(#"{"title":"ignored","rows":[]}"#.utf8)))
        XCTAssertEqual(result.flatMap { try? $0.get() }, nil)
        guard case .failure(let error)? = result else { return XCTFail("expected a failure") }
        XCTAssertEqual(error, .http(status: 500))
        XCTAssertTrue(error.message.contains("500"))
    }

    func testInvalidJSONIsAnErrorWithAMessage() {
        let (result, _) = load(.status(200, Data("<html>".utf8)))
        guard case .failure(.invalidResponse(let description))? = result else {
            return XCTFail("got \(String(describing: result))")
        }
        XCTAssertFalse(description.isEmpty)
    }

    func testTransportErrorIsPassedOn() {
        let (result, _) = load(.failure(.notConnectedToInternet))
        guard case .failure(.transport)? = result else { return XCTFail("got \(String(describing: result))") }
    }
}

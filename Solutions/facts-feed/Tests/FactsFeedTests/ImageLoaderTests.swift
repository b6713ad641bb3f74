import FactsFeed
import XCTest

final class ImageLoaderTests: XCTestCase {
    private let url = URL(string: "https://img.test/a.png") ?? URL(fileURLWithPath: "/")

    func testCallersOfOneURLShareOneRequestAndTheImageIsCached() {
        let transport = TestTransport { _ in .hold }
        let cache = ImageCache()
        let loader = ImageLoader(session: transport.session, cache: cache)
        let both = expectation(description: "both callers answered")
        both.expectedFulfillmentCount = 2
        var results: [Data] = []
        for _ in 0..<2 {
            loader.loadImage(from: url) { result in
                if case .success(let data) = result { results.append(data) }
                both.fulfill()
            }
        }
        XCTAssertTrue(transport.waitForRequests(1))
        transport.release(.status(200, Data([1, 2, 3])))
        wait(for: [both], timeout: 2)
        XCTAssertEqual(results, [Data([1, 2, 3]), Data([1, 2, 3])])
        XCTAssertEqual(cache.image(for: url), Data([1, 2, 3]))

        var cached: Data?
        loader.loadImage(from: url) { cached = try? $0.get() }
        XCTAssertEqual(cached, Data([1, 2, 3]), "a cached image is served at once")
        XCTAssertEqual(transport.requests.count, 1)
    }

    func testFailureIsReportedAndNotCached() {
        let transport = TestTransport { _ in .status(404, Data()) }
        let cache = ImageCache()
        let loader = ImageLoader(session: transport.session, cache: cache)
        let done = expectation(description: "answered")
        loader.loadImage(from: url) { result in
            XCTAssertEqual(result, .failure(.http(status: 404)))
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        XCTAssertNil(cache.image(for: url))
    }
}

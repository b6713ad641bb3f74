import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class FF9InjectionTests: HiddenTestCase {
    private let image = hiddenURL("https://images.example.com/beaver.jpg")

    private func loadImage(_ loader: ImageLoader, _ url: URL) -> Result<Data, FeedError>? {
        var result: Result<Data, FeedError>?
        let lock = NSLock()
        loader.loadImage(from: url) { answer in lock.withLock { result = answer } }
        waitUntil { lock.withLock { result != nil } }
        return lock.withLock { result }
    }

    func test_FF9_clientUsesTheInjectedSessionAndURL() {
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let url = hiddenURL("https://staging.example.org/feeds/canada.json?lang=fr")
        let client = FactsFeedClient(session: transport.session, url: url)
        var answered = false
        let lock = NSLock()

        client.loadFeed { _ in lock.withLock { answered = true } }

        XCTAssertTrue(waitUntil { lock.withLock { answered } }, "the client never answered")
        XCTAssertEqual(transport.requests.map(\.url), [url])
    }

    func test_FF9_defaultURLIsThePublicFeed() {
        let transport = StubTransport(always: .json(HiddenFeeds.plain))
        let client = FactsFeedClient(session: transport.session)

        client.loadFeed { _ in }

        XCTAssertTrue(waitUntil { !transport.requests.isEmpty }, "no request reached the injected session")
        XCTAssertEqual(
            transport.requests.first?.url?.absoluteString,
            "https://dl.dropboxusercontent.com/s/2iodh4vg0eortkl/facts.json")
    }

    func test_FF9_imageLoaderReadsTheInjectedCache() throws {
        let transport = StubTransport(always: .http(status: 500, body: Data()))
        let cache = ImageCache()
        cache.insert(Data([9, 9]), for: image)
        let loader = ImageLoader(session: transport.session, cache: cache)

        let result = loadImage(loader, image)

        XCTAssertEqual(try XCTUnwrap(result).get(), Data([9, 9]))
        settle()
        XCTAssertEqual(transport.requests.count, 0)
    }

    func test_FF9_loadedImagesLandInTheInjectedCache() {
        let transport = StubTransport(always: .http(status: 200, body: Data([4, 2])))
        let cache = ImageCache()
        let loader = ImageLoader(session: transport.session, cache: cache)

        _ = loadImage(loader, image)

        XCTAssertEqual(cache.image(for: image), Data([4, 2]))
    }

    func test_FF9_loadersWithTheirOwnCachesShareNothing() {
        let transport = StubTransport(always: .http(status: 200, body: Data([4, 2])))
        let first = ImageLoader(session: transport.session, cache: ImageCache())
        let second = ImageLoader(session: transport.session, cache: ImageCache())

        XCTAssertEqual(try loadImage(first, image)?.get(), Data([4, 2]))
        XCTAssertEqual(try loadImage(second, image)?.get(), Data([4, 2]))

        XCTAssertEqual(transport.requests.count, 2, "no hidden global cache between the two")
    }
}

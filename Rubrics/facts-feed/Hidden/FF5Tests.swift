import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every load with `feed`, at once.
private final class FixedFeedLoader: FeedLoading {
    let feed: Feed

    init(_ feed: Feed) {
        self.feed = feed
    }

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        completion(.success(feed))
    }
}

/// Holds every feed load until the test answers it.
private final class HeldFeedLoader: FeedLoading {
    private(set) var pending: [(Result<Feed, FeedError>) -> Void] = []

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        pending.append(completion)
    }
}

/// Holds every image load until the test answers it.
private final class HeldImageLoader: ImageLoading {
    private(set) var pending: [(url: URL, completion: (Result<Data, FeedError>) -> Void)] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {
        pending.append((url, completion))
    }
}

final class FF5LazyImageTests: HiddenTestCase {
    private let a = hiddenURL("https://images.example.com/a.jpg")
    private let b = hiddenURL("https://images.example.com/b.jpg")
    private let c = hiddenURL("https://images.example.com/c.jpg")
    private let d = hiddenURL("https://images.example.com/d.jpg")
    private let broken = hiddenURL("https://images.example.com/broken.jpg")

    private var feed: Feed {
        Feed(
            title: "About Canada",
            rows: [
                FeedRow(title: "0", description: "Image a", imageHref: a.absoluteString),
                FeedRow(title: "1", description: "No image", imageHref: nil),
                FeedRow(title: "2", description: "Image b", imageHref: b.absoluteString),
                FeedRow(title: "3", description: "Image c", imageHref: c.absoluteString),
                FeedRow(title: "4", description: "Image a again", imageHref: a.absoluteString),
                FeedRow(title: "5", description: "Image d", imageHref: d.absoluteString),
                FeedRow(title: "6", description: "Image that fails", imageHref: broken.absoluteString),
            ])
    }

    /// Images answer with their URL's bytes; `broken.jpg` answers 404.
    private func imageTransport() -> StubTransport {
        StubTransport { request in
            let url = request.url?.absoluteString ?? ""
            return url.hasSuffix("broken.jpg")
                ? .http(status: 404, body: Data()) : .http(status: 200, body: Data(url.utf8))
        }
    }

    private func loadedViewModel(_ transport: StubTransport, cache: ImageCache = ImageCache()) -> FeedViewModel {
        loadedViewModel(ImageLoader(session: transport.session, cache: cache))
    }

    private func loadedViewModel(_ imageLoader: ImageLoader) -> FeedViewModel {
        let viewModel = FeedViewModel(
            feedLoader: FixedFeedLoader(feed), imageLoader: imageLoader, uiScheduler: QueueScheduler(queue: .main))
        viewModel.viewDidLoad()
        // Both outputs: a submission may set the state before the rows.
        XCTAssertTrue(
            waitUntil { viewModel.state.value == .loaded && viewModel.rows.value.count == 7 }, "the feed never loaded")
        return viewModel
    }

    private func requestedURLs(_ transport: StubTransport) -> [URL] {
        transport.requests.compactMap(\.url)
    }

    func test_FF5_loadingTheFeedRequestsNoImage() {
        let transport = imageTransport()
        let viewModel = loadedViewModel(transport)
        settle(0.1)

        XCTAssertEqual(requestedURLs(transport), [], "no image before a row is visible")
        XCTAssertEqual(viewModel.rows.value.count, 7)

        viewModel.rowsBecameVisible([0])
        XCTAssertTrue(waitUntil { requestedURLs(transport) == [a] }, "requests: \(requestedURLs(transport))")
    }

    func test_FF5_onlyTheVisibleRowsImagesAreRequested() {
        let transport = imageTransport()
        let viewModel = loadedViewModel(transport)

        viewModel.rowsBecameVisible([0, 1, 2])

        XCTAssertTrue(waitUntil { requestedURLs(transport).count >= 2 }, "requests: \(requestedURLs(transport))")
        settle()
        XCTAssertEqual(Set(requestedURLs(transport)), [a, b])
        XCTAssertEqual(requestedURLs(transport).count, 2)
        XCTAssertTrue(waitUntil { viewModel.rows.value[2].image == .loaded(Data(b.absoluteString.utf8)) })
        XCTAssertEqual(viewModel.rows.value[3].image, .placeholder, "row 3 is not visible")
    }

    func test_FF5_prefetchedRowsImageIsRequestedAndShown() {
        let transport = imageTransport()
        let viewModel = loadedViewModel(transport)

        viewModel.prefetchRequested([3])

        XCTAssertTrue(waitUntil { viewModel.rows.value[3].image == .loaded(Data(c.absoluteString.utf8)) })
        XCTAssertEqual(requestedURLs(transport), [c])
    }

    func test_FF5_oneFetchPerURLWhileInFlight() {
        let transport = StubTransport(always: .hold)
        let viewModel = loadedViewModel(transport)

        viewModel.rowsBecameVisible([0])
        viewModel.prefetchRequested([0, 4])
        viewModel.rowsBecameVisible([0, 4])

        XCTAssertTrue(waitUntil { !transport.requests.isEmpty })
        settle(0.1)
        XCTAssertEqual(requestedURLs(transport), [a], "rows 0 and 4 share one image")
        transport.respond(to: a, with: .http(status: 200, body: Data([0xFF, 0xD8])))
        XCTAssertTrue(
            waitUntil {
                viewModel.rows.value[0].image == .loaded(Data([0xFF, 0xD8]))
                    && viewModel.rows.value[4].image == .loaded(Data([0xFF, 0xD8]))
            }, "rows: \(viewModel.rows.value.map(\.image))")
    }

    func test_FF5_twoScreensAskingAtOnce_shareOneRequestAndBothShowTheImage() {
        // One loader serves both screens; the second asks while the first's request is on its way.
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session, cache: ImageCache())
        let first = loadedViewModel(loader)
        let second = loadedViewModel(loader)

        first.rowsBecameVisible([0])
        XCTAssertTrue(waitUntil { !transport.requests.isEmpty }, "the first screen's image was never requested")
        second.rowsBecameVisible([0])
        settle(0.1)

        XCTAssertEqual(requestedURLs(transport), [a], "callers of one URL in flight share one request")
        transport.respond(to: a, with: .http(status: 200, body: Data([0xFF, 0xD8])))
        XCTAssertTrue(
            waitUntil {
                first.rows.value[0].image == .loaded(Data([0xFF, 0xD8]))
                    && second.rows.value[0].image == .loaded(Data([0xFF, 0xD8]))
            },
            "every caller gets the shared answer: first \(first.rows.value[0].image), second \(second.rows.value[0].image)"
        )
    }

    func test_FF5_anImageArrivingAfterTheRowsChanged_showsInTheRowWithItsURL() {
        let feeds = HeldFeedLoader()
        let images = HeldImageLoader()
        let viewModel = FeedViewModel(feedLoader: feeds, imageLoader: images, uiScheduler: ImmediateScheduler())
        let rowA = FeedRow(title: "A", description: "Image a", imageHref: a.absoluteString)
        let rowB = FeedRow(title: "B", description: "Image b", imageHref: b.absoluteString)
        viewModel.viewDidLoad()
        feeds.pending.first?(.success(Feed(title: "About Canada", rows: [rowA, rowB])))
        viewModel.rowsBecameVisible([0])
        XCTAssertEqual(images.pending.map(\.url), [a], "the visible row's image is requested")

        // A refresh answers with the rows in another order while a's image is on its way.
        viewModel.refreshRequested()
        guard feeds.pending.count == 2 else { return }  // no refresh, no reordering (FF7's tests say so)
        feeds.pending[1](.success(Feed(title: "About Canada", rows: [rowB, rowA])))
        guard viewModel.rows.value.map(\.title) == ["B", "A"] else { return }
        images.pending.first?.completion(.success(Data([0xFF, 0xD8])))

        XCTAssertEqual(viewModel.rows.value[1].image, .loaded(Data([0xFF, 0xD8])), "a's image shows in a's row")
        XCTAssertNotEqual(
            viewModel.rows.value[0].image, .loaded(Data([0xFF, 0xD8])), "a's image never shows in b's row")
    }

    func test_FF5_cachedImageIsServedWithoutARequest_onlyForItsOwnURL() {
        // One loader serves both screens: its cache (whichever it keeps) answers the second.
        let transport = imageTransport()
        let loader = ImageLoader(session: transport.session, cache: ImageCache())
        let first = loadedViewModel(loader)
        first.rowsBecameVisible([2])
        XCTAssertTrue(waitUntil { first.rows.value[2].image == .loaded(Data(b.absoluteString.utf8)) })

        let second = loadedViewModel(loader)
        second.rowsBecameVisible([2])

        XCTAssertTrue(waitUntil { second.rows.value[2].image == .loaded(Data(b.absoluteString.utf8)) })
        settle()
        XCTAssertEqual(requestedURLs(transport), [b], "the second screen is served from the cache")

        // The same file name on another host is another image (its bytes are its own URL's text): the cache
        // answers a whole URL, nothing less.
        let sameName = hiddenURL("https://cdn.example.org/other/b.jpg")
        let answers = LockedLog<String>()
        loader.loadImage(from: sameName) {
            answers.append((try? $0.get()).map { String(decoding: $0, as: UTF8.self) } ?? "no image")
        }
        XCTAssertTrue(waitUntil { !answers.values.isEmpty }, "no answer for \(sameName)")
        XCTAssertEqual(
            answers.values, [sameName.absoluteString],
            "the image of \(sameName) is another URL's: the cache matched it by less than its whole URL")
        XCTAssertEqual(requestedURLs(transport), [b, sameName], "a URL not fetched before is fetched")
    }

    func test_FF5_failedImageKeepsThePlaceholder() {
        let transport = imageTransport()
        let viewModel = loadedViewModel(transport)
        let brokenRowImages = LockedLog<RowImage>()
        let observation = viewModel.rows.observe { rows in
            if rows.count > 6 { brokenRowImages.append(rows[6].image) }
        }
        defer { observation.cancel() }

        viewModel.rowsBecameVisible([5, 6])

        XCTAssertTrue(waitUntil { viewModel.rows.value[5].image == .loaded(Data(d.absoluteString.utf8)) })
        XCTAssertTrue(waitUntil { transport.requests.count == 2 })
        settle(0.1)
        XCTAssertEqual(viewModel.rows.value[6].image, .placeholder)
        XCTAssertFalse(brokenRowImages.values.isEmpty)
        XCTAssertTrue(
            brokenRowImages.values.allSatisfy { $0 == .placeholder }, "row 6 showed \(brokenRowImages.values)")
    }

    func test_FF5_aStatusOutside2xxIsAFailedImage() {
        for status in [300, 199, 404] {
            let transport = StubTransport(always: .http(status: status, body: Data("not an image".utf8)))
            let loader = ImageLoader(session: transport.session, cache: ImageCache())
            let answer = NSLock()
            var result: Result<Data, FeedError>?

            loader.loadImage(from: a) { loaded in answer.withLock { result = loaded } }

            XCTAssertTrue(waitUntil { answer.withLock { result != nil } }, "no answer for status \(status)")
            XCTAssertNil(try? answer.withLock { result }?.get(), "status \(status) is no image")
        }
    }

    func test_FF5_rowWithoutImageHrefHasNoSlotAndNoRequest() {
        let transport = imageTransport()
        let viewModel = loadedViewModel(transport)

        XCTAssertEqual(viewModel.rows.value[1].image, RowImage.none)
        XCTAssertFalse(viewModel.rows.value[1].hasImageSlot)
        XCTAssertTrue(viewModel.rows.value[0].hasImageSlot)
        viewModel.rowsBecameVisible([1, 3])

        XCTAssertTrue(waitUntil { viewModel.rows.value[3].image == .loaded(Data(c.absoluteString.utf8)) })
        settle()
        XCTAssertEqual(requestedURLs(transport), [c])
        XCTAssertEqual(viewModel.rows.value[1].image, RowImage.none)
    }
}

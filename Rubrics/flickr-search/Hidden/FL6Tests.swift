import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// FL6: images as in movie-client: loaded asynchronously, cached, one fetch per URL, failures not cached and shown as
/// the placeholder; a reused cell cancels its old load and never shows a late image for the photo it showed before.
final class FL6ImageTests: HiddenTestCase {
    private func imageURL() -> URL {
        let address = "https://live.staticflickr.com/65535/53012345678_a1b2c3d4e5_q.jpg"
        return URL(string: address) ?? URL(fileURLWithPath: address)
    }

    /// The results of `count` loads of `url`, waited for together.
    private func load(_ loader: ImageLoader, _ url: URL, count: Int = 1) -> [Result<Data, Error>] {
        let done = expectation(description: "\(count) image load(s) complete")
        done.expectedFulfillmentCount = count
        var results: [Result<Data, Error>] = []
        for _ in 0..<count {
            loader.loadImage(from: url) { result in
                results.append(result)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 2)
        return results
    }

    /// Where a cell's image states went, as text: "placeholder", "loading", "image:<bytes>".
    private func describe(_ state: ImageState) -> String {
        switch state {
        case .placeholder: return "placeholder"
        case .loading: return "loading"
        case .image(let data): return "image:" + (String(data: data, encoding: .utf8) ?? "?")
        }
    }

    private func photo(_ id: String) -> Photo {
        Photo(id: id, owner: "o", secret: "s\(id)", server: "65535", farm: 66, title: "Photo \(id)")
    }

    func test_FL6_loadsTheImageBytes() throws {
        let transport = StubTransport(always: .http(status: 200, body: Data("JPEG".utf8)))
        let results = load(ImageLoader(session: transport.session), imageURL())
        XCTAssertEqual(try XCTUnwrap(results.first).get(), Data("JPEG".utf8))
    }

    func test_FL6_aCachedImageIsServedWithNoRequest() throws {
        let transport = StubTransport(always: .http(status: 200, body: Data("JPEG".utf8)))
        let loader = ImageLoader(session: transport.session)
        _ = load(loader, imageURL())
        let second = load(loader, imageURL())
        XCTAssertEqual(try XCTUnwrap(second.first).get(), Data("JPEG".utf8))
        XCTAssertEqual(transport.requests.count, 1)
    }

    func test_FL6_aCachedImageAskedForOffMainArrivesOnMain() {
        let transport = StubTransport(always: .http(status: 200, body: Data("JPEG".utf8)))
        let loader = ImageLoader(session: transport.session)
        let url = imageURL()
        _ = load(loader, url)
        let done = expectation(description: "cached image")
        let onMain = NSLock()
        nonisolated(unsafe) var deliveredOnMain: Bool?
        DispatchQueue.global().async {
            loader.loadImage(from: url) { _ in
                onMain.withLock { deliveredOnMain = Thread.isMainThread }
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(onMain.withLock { deliveredOnMain }, true, "a cached image is delivered on the main queue too")
    }

    func test_FL6_concurrentLoadsOfOneURLMakeOneFetch() {
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session)
        let done = expectation(description: "all three loads complete")
        done.expectedFulfillmentCount = 3
        var results: [Data] = []
        let counting = NSLock()
        var completed = 0
        for _ in 0..<3 {
            loader.loadImage(from: imageURL()) { result in
                if let data = try? result.get() { results.append(data) }
                counting.withLock { completed += 1 }
                done.fulfill()
            }
        }
        // A loader that answered all three before asking the network has failed already: no need to wait.
        waitUntil("the image request reaches the network") {
            !transport.heldRequests.isEmpty || counting.withLock { completed == 3 }
        }
        if transport.heldRequests.isEmpty {
            XCTFail("all three loads were answered before an image request reached the network")
            return
        }
        let ok = StubResponse.http(status: 200, body: Data("JPEG".utf8))
        transport.respond { _ in ok }
        while transport.respond(with: ok) {}
        wait(for: [done], timeout: 2)
        // Every completion needed an answer, so every request made has reached the transport by now.
        XCTAssertEqual(transport.requests.count, 1)
        XCTAssertEqual(results, Array(repeating: Data("JPEG".utf8), count: 3))
    }

    func test_FL6_concurrentLoadsOfDifferentURLsEachGetTheirOwnImage() {
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session)
        let urls = ["a", "b"].map { imageURL().deletingLastPathComponent().appendingPathComponent("\($0).jpg") }
        let done = expectation(description: "both loads complete")
        done.expectedFulfillmentCount = 2
        let lock = NSLock()
        var results: [String: String] = [:]
        for url in urls {
            loader.loadImage(from: url) { result in
                let text = (try? result.get()).map { String(decoding: $0, as: UTF8.self) } ?? "failed"
                lock.withLock { results[url.lastPathComponent] = text }
                done.fulfill()
            }
        }
        // A loader that answered both before asking the network has failed already: no need to wait.
        waitUntil("both image requests reach the network") {
            transport.heldRequests.count == 2 || lock.withLock { results.count == 2 }
        }
        XCTAssertEqual(transport.heldRequests.count, 2, "each URL is fetched")
        if transport.heldRequests.count < 2 && lock.withLock({ results.count == 2 }) { return }
        for url in urls { transport.respond(to: url, with: .http(status: 200, body: Data(url.lastPathComponent.utf8))) }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(
            lock.withLock { results }, ["a.jpg": "a.jpg", "b.jpg": "b.jpg"], "each caller gets its URL's image")
    }

    func test_FL6_cancellingOneCallerLeavesTheSharedLoadToTheOthers() {
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session)
        let done = expectation(description: "the caller that stayed")
        let lock = NSLock()
        var stayed: Data?
        var answered = false
        let leaving = loader.loadImage(from: imageURL()) { _ in }
        _ = loader.loadImage(from: imageURL()) { result in
            lock.withLock { (stayed, answered) = (try? result.get(), true) }
            done.fulfill()
        }
        // A loader that answered before asking the network has failed already: no need to wait.
        waitUntil("the image request reaches the network") {
            !transport.heldRequests.isEmpty || lock.withLock { answered }
        }
        if transport.heldRequests.isEmpty {
            XCTFail("the load was answered before an image request reached the network")
            return
        }
        leaving.cancel()
        transport.respond(to: imageURL(), with: .http(status: 200, body: Data("JPEG".utf8)))
        wait(for: [done], timeout: 2)
        XCTAssertEqual(
            lock.withLock { stayed }, Data("JPEG".utf8), "a cell that stayed lost its image when another left")
    }

    func test_FL6_aFailedLoadFailsAndIsNotCached() throws {
        let transport = StubTransport(always: .http(status: 404, body: Data()))
        let loader = ImageLoader(session: transport.session)
        let failed = load(loader, imageURL())
        XCTAssertNil(try? XCTUnwrap(failed.first).get())
        transport.respond { _ in .http(status: 200, body: Data("JPEG".utf8)) }
        let retried = load(loader, imageURL())
        XCTAssertEqual(try XCTUnwrap(retried.first).get(), Data("JPEG".utf8))
        XCTAssertEqual(transport.requests.count, 2)
    }

    func test_FL6_aCellShowsLoadingThenTheImage() {
        let loader = HeldLoader()
        let cell = PhotoCellModel(photo: photo("1"), imageLoader: loader)
        var history: [String] = []
        let token = cell.image.observe { history.append(self.describe($0)) }
        loader.loads.first?.completion(.success(Data("ONE".utf8)))
        XCTAssertEqual(history, ["loading", "image:ONE"])
        XCTAssertEqual(loader.loads.count, 1)
        withExtendedLifetime(token) {}
    }

    func test_FL6_aCellWhoseImageFailsShowsThePlaceholder() {
        let loader = HeldLoader()
        let cell = PhotoCellModel(photo: photo("1"), imageLoader: loader)
        var history: [String] = []
        let token = cell.image.observe { history.append(self.describe($0)) }
        XCTAssertEqual(loader.loads.count, 1, "the cell should load its photo's image")
        loader.loads.first?.completion(.failure(URLError(.badServerResponse)))
        XCTAssertEqual(history.first, "loading")
        XCTAssertEqual(
            history.last, "placeholder", "a failed image load must end in the placeholder; history: \(history)")
        withExtendedLifetime(token) {}
    }

    func test_FL6_rebindingACellCancelsTheOldLoadAndLoadsTheNewPhoto() {
        let loader = HeldLoader()
        let cell = PhotoCellModel(photo: photo("1"), imageLoader: loader)
        cell.bind(photo("2"))
        XCTAssertEqual(loader.loads.map(\.task.isCancelled), [true, false])
        XCTAssertEqual(loader.loads.map(\.url.lastPathComponent), ["1_s1_q.jpg", "2_s2_q.jpg"])
        XCTAssertEqual(cell.title.value, "Photo 2")
    }

    func test_FL6_aLateImageForTheOldPhotoNeverShows() {
        let loader = HeldLoader()
        let cell = PhotoCellModel(photo: photo("1"), imageLoader: loader)
        var history: [String] = []
        let token = cell.image.observe { history.append(self.describe($0)) }
        cell.bind(photo("2"))
        XCTAssertEqual(loader.loads.count, 2, "rebinding should load the new photo's image")
        loader.loads.first?.completion(.success(Data("ONE".utf8)))
        loader.loads.last?.completion(.success(Data("TWO".utf8)))
        XCTAssertFalse(history.contains("image:ONE"), "history: \(history)")
        XCTAssertEqual(history.last, "image:TWO")
        withExtendedLifetime(token) {}
    }
}

/// An image loader whose loads the test completes when it chooses.
private final class HeldLoader: ImageLoading {
    var loads: [(url: URL, completion: (Result<Data, Error>) -> Void, task: ProbeTask)] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        let task = ProbeTask()
        loads.append((url, completion, task))
        return task
    }
}

private final class ProbeTask: CancellableTask {
    private(set) var isCancelled = false

    func cancel() { isCancelled = true }
}

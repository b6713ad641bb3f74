import Foundation
import GraderTestSupport
import MovieClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class MC7ImageLoaderTests: HiddenTestCase {
    private let posterURL = URL(string: "https://image.tmdb.org/t/p/w600_and_h900_bestv2/poster.jpg")!

    private func load(_ loader: ImageLoader, count: Int = 1) -> [Result<Data, Error>] {
        let done = expectation(description: "loaded")
        done.expectedFulfillmentCount = count
        var results: [Result<Data, Error>] = []
        for _ in 0..<count {
            loader.loadImage(from: posterURL) { result in
                results.append(result)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 2)
        return results
    }

    func test_MC7_loadsTheImageBytes() {
        let transport = StubTransport(always: .http(status: 200, body: Data("JPEG".utf8)))
        let results = load(ImageLoader(session: transport.session))
        XCTAssertEqual(try results.first?.get(), Data("JPEG".utf8))
    }

    func test_MC7_aCachedImageAskedForOffMainArrivesOnMain() {
        let transport = StubTransport(always: .http(status: 200, body: Data("JPEG".utf8)))
        let loader = ImageLoader(session: transport.session)
        _ = load(loader)
        let done = expectation(description: "cached image")
        let onMain = LockedValue<Bool?>(nil)
        let url = posterURL
        DispatchQueue.global().async {
            loader.loadImage(from: url) { _ in
                onMain.set(Thread.isMainThread)
                done.fulfill()
            }
        }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(onMain.value, true, "a cached image is delivered on the main queue too")
        XCTAssertEqual(transport.requests.count, 1)
    }

    func test_MC7_aCachedImageIsServedWithNoRequest() {
        let transport = StubTransport(always: .http(status: 200, body: Data("JPEG".utf8)))
        let loader = ImageLoader(session: transport.session)
        _ = load(loader)
        let second = load(loader)
        XCTAssertEqual(try second.first?.get(), Data("JPEG".utf8))
        XCTAssertEqual(transport.requests.count, 1)
    }

    func test_MC7_concurrentRequestsForOneURLMakeOneFetch() {
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session)
        let done = expectation(description: "all three")
        done.expectedFulfillmentCount = 3
        var results: [Data] = []
        let answered = LockedValue(0)
        for _ in 0..<3 {
            loader.loadImage(from: posterURL) { result in
                if let data = try? result.get() { results.append(data) }
                answered.set(answered.value + 1)
                done.fulfill()
            }
        }
        // A loader that answered every caller before asking the network has failed already: no need to wait.
        MovieFixtures.wait { !transport.heldRequests.isEmpty || answered.value == 3 }
        if transport.heldRequests.isEmpty {
            return XCTFail("all three loads were answered before a poster request reached the network")
        }
        MovieFixtures.wait(until: { false }, timeout: 0.05)
        transport.respond(with: .http(status: 200, body: Data("JPEG".utf8)))
        wait(for: [done], timeout: 2)
        XCTAssertEqual(transport.requests.count, 1)
        XCTAssertEqual(results, Array(repeating: Data("JPEG".utf8), count: 3))
    }

    func test_MC7_concurrentLoadsOfDifferentURLsEachGetTheirOwnImage() {
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session)
        let urls = ["a", "b"].map { posterURL.deletingLastPathComponent().appendingPathComponent("\($0).jpg") }
        let done = expectation(description: "both")
        done.expectedFulfillmentCount = 2
        let results = LockedValue<[String: String]>([:])
        let answered = LockedValue(0)
        for url in urls {
            loader.loadImage(from: url) { result in
                if let data = try? result.get() {
                    let text = String(decoding: data, as: UTF8.self)
                    results.set(results.value.merging([url.lastPathComponent: text]) { $1 })
                }
                answered.set(answered.value + 1)
                done.fulfill()
            }
        }
        // A loader that answered both before asking the network has failed already: no need to wait.
        MovieFixtures.wait { transport.heldRequests.count == 2 || answered.value == 2 }
        XCTAssertEqual(transport.heldRequests.count, 2, "each URL is fetched")
        if transport.heldRequests.count < 2 && answered.value == 2 { return }
        for url in urls { transport.respond(to: url, with: .http(status: 200, body: Data(url.lastPathComponent.utf8))) }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(results.value, ["a.jpg": "a.jpg", "b.jpg": "b.jpg"], "each caller gets its own URL's image")
    }

    func test_MC7_cancellingOneCallerLeavesTheSharedLoadToTheOthers() {
        let transport = StubTransport(always: .hold)
        let loader = ImageLoader(session: transport.session)
        let done = expectation(description: "the caller that stayed")
        let stayed = LockedValue<Data?>(nil)
        let answered = LockedValue(false)
        let leaving = loader.loadImage(from: posterURL) { _ in }
        _ = loader.loadImage(from: posterURL) { result in
            stayed.set(try? result.get())
            answered.set(true)
            done.fulfill()
        }
        // A loader that answered before asking the network has failed already: no need to wait.
        MovieFixtures.wait { !transport.heldRequests.isEmpty || answered.value }
        if transport.heldRequests.isEmpty {
            return XCTFail("the load was answered before a poster request reached the network")
        }
        leaving.cancel()
        transport.respond(to: posterURL, with: .http(status: 200, body: Data("JPEG".utf8)))
        wait(for: [done], timeout: 2)
        XCTAssertEqual(stayed.value, Data("JPEG".utf8), "a cell that stayed lost its poster when another left")
    }

    func test_MC7_aCellWhosePosterFailsToLoadKeepsThePlaceholder() {
        let loader = HeldImageLoader()
        let movie = Movie(
            id: 1, title: "Alien", overview: "In space no one can hear you scream.", posterPath: "/alien.jpg")
        let cell = MovieCellModel(movie: movie, imageLoader: loader, configuration: TMDbConfiguration(apiKey: "KEY"))
        loader.completions.first?(.failure(ImageLoadingError.http(status: 404)))
        XCTAssertEqual(cell.poster.value, .placeholder, "a failed poster load left the cell in \(cell.poster.value)")
    }

    func test_MC7_aFailedLoadFailsAndIsNotCached() {
        let transport = StubTransport(always: .http(status: 404, body: Data()))
        let loader = ImageLoader(session: transport.session)
        let failed = load(loader)
        XCTAssertThrowsError(try failed.first?.get())
        transport.respond { _ in .http(status: 200, body: Data("JPEG".utf8)) }
        let retried = load(loader)
        XCTAssertEqual(try retried.first?.get(), Data("JPEG".utf8))
        XCTAssertEqual(transport.requests.count, 2)
    }
}

/// A loader whose loads wait until the test answers them.
private final class HeldImageLoader: ImageLoading {
    var completions: [(Result<Data, Error>) -> Void] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        completions.append(completion)
        return BlockTask()
    }
}

/// A value read and written under a lock, from any thread.
private final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value { lock.withLock { stored } }
}

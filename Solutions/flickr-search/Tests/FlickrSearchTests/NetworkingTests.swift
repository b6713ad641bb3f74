import FlickrSearch
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The engine, the client and the image loader over a URLSession whose requests a stub URLProtocol answers.
final class NetworkingTests: XCTestCase {
    override func tearDown() {
        StubProtocol.reset()
    }

    private func session(_ handler: @escaping (URLRequest) -> (Int, Data)) -> URLSession {
        StubProtocol.handler = handler
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return URLSession(configuration: configuration)
    }

    private let page =
        #"{"photos":{"page":1,"pages":1,"perpage":20,"total":"1","photo":[{"id":"7","owner":"o","secret":"s","server":"1","farm":1,"title":"Kitten"}]},"stat":"ok"}"#

    func testClientDecodesOnSuccessAndDeliversOnMain() {
        let client = FlickrClient(engine: NetworkEngine(session: session { _ in (200, Data(self.page.utf8)) }))
        let done = expectation(description: "done")
        client.searchPhotos(matching: "kitten", page: 1) { result in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(try? result.get().photo.map(\.title), ["Kitten"])
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        let url = StubProtocol.urls.first?.absoluteString ?? ""
        XCTAssertTrue(url.hasPrefix("https://api.flickr.com/services/rest/?method=flickr.photos.search&"), url)
    }

    func testEachFailureIsItsOwnError() {
        let cases: [(Int, String, NetworkError)] = [
            (503, "down", .http(status: 503)),
            (
                200, #"{"stat":"fail","code":100,"message":"Invalid API Key"}"#,
                .api(code: 100, message: "Invalid API Key")
            ),
        ]
        for (status, body, expected) in cases {
            let client = FlickrClient(engine: NetworkEngine(session: session { _ in (status, Data(body.utf8)) }))
            let done = expectation(description: "done")
            client.recentPhotos(page: 1) { result in
                guard case .failure(let error) = result else { return XCTFail("expected \(expected)") }
                XCTAssertEqual(error, expected)
                done.fulfill()
            }
            wait(for: [done], timeout: 2)
        }
    }

    func testATransportErrorIsPassedOn() {
        StubProtocol.failure = URLError(.notConnectedToInternet)
        let engine = NetworkEngine(session: session { _ in (200, Data()) })
        let done = expectation(description: "done")
        engine.request(endpoint: FlickrEndpoint.getRecent(page: 1)) {
            (result: Result<PhotoSearchResponse, NetworkError>) in
            XCTAssertEqual(result.failureValue, .transport(.notConnectedToInternet))
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
    }

    func testAnInvalidURLSendsNothing() {
        let engine = NetworkEngine(session: session { _ in (200, Data()) })
        let done = expectation(description: "done")
        engine.request(endpoint: BadEndpoint()) { (result: Result<PhotoSearchResponse, NetworkError>) in
            XCTAssertEqual(result.failureValue, .invalidURL)
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        XCTAssertEqual(StubProtocol.urls, [])
    }

    func testAsyncRequestReturnsTheBodyAndThrowsTheError() async throws {
        let engine = NetworkEngine(session: session { _ in (200, Data(self.page.utf8)) })
        let response: PhotoSearchResponse = try await engine.request(endpoint: FlickrEndpoint.getRecent(page: 1))
        XCTAssertEqual(response.photos.photo.map(\.id), ["7"])
        do {
            let _: PhotoSearchResponse = try await engine.request(endpoint: BadEndpoint())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? NetworkError, .invalidURL)
        }
    }

    func testImageLoaderCachesAndServesWithoutARequest() throws {
        let loader = ImageLoader(session: session { _ in (200, Data("IMG".utf8)) })
        let url = try XCTUnwrap(URL(string: "https://live.staticflickr.com/1/2_s_q.jpg"))
        for _ in 0..<2 {
            let done = expectation(description: "loaded")
            loader.loadImage(from: url) { result in
                XCTAssertEqual(try? result.get(), Data("IMG".utf8))
                done.fulfill()
            }
            wait(for: [done], timeout: 2)
        }
        XCTAssertEqual(StubProtocol.urls.count, 1)
    }

    func testImageLoaderReportsFailuresAndDoesNotCacheThem() throws {
        let loader = ImageLoader(session: session { _ in (404, Data()) })
        let url = try XCTUnwrap(URL(string: "https://live.staticflickr.com/1/2_s_q.jpg"))
        for _ in 0..<2 {
            let done = expectation(description: "failed")
            loader.loadImage(from: url) { result in
                XCTAssertNil(try? result.get())
                done.fulfill()
            }
            wait(for: [done], timeout: 2)
        }
        XCTAssertEqual(StubProtocol.urls.count, 2)
    }
}

extension Result {
    fileprivate var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

private struct BadEndpoint: Endpoint {
    var baseURL: String { "api.example.com" }
    var path: String { "no-leading-slash" }
}

private final class StubProtocol: URLProtocol {
    nonisolated(unsafe) static var handler: ((URLRequest) -> (Int, Data))?
    nonisolated(unsafe) static var failure: URLError?
    nonisolated(unsafe) static var urls: [URL] = []
    private static let lock = NSLock()

    static func reset() {
        lock.withLock {
            handler = nil
            failure = nil
            urls = []
        }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let (answer, failure) = Self.lock.withLock { () -> ((Int, Data), URLError?) in
            if let url = request.url { Self.urls.append(url) }
            return (Self.handler?(request) ?? (500, Data()), Self.failure)
        }
        if let failure {
            client?.urlProtocol(self, didFailWithError: failure)
            return
        }
        if let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: answer.0, httpVersion: nil, headerFields: nil)
        {
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: answer.1)
        }
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

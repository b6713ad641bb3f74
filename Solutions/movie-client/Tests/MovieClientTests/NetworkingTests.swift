import Foundation
import MovieClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client and the image loader over a URLSession whose requests a stub URLProtocol answers.
final class NetworkingTests: XCTestCase {
    override func tearDown() {
        StubProtocol.handler = nil
        StubProtocol.count = 0
    }

    private func session(_ handler: @escaping (URLRequest) -> (Int, Data)) -> URLSession {
        StubProtocol.handler = handler
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return URLSession(configuration: configuration)
    }

    func testClientDecodesOnSuccessAndDeliversOnMain() {
        let json = #"{"page":1,"total_pages":1,"total_results":1,"results":[{"id":7,"title":"Se7en"}]}"#
        let client = APIClient(
            session: session { _ in (200, Data(json.utf8)) }, configuration: TMDbConfiguration(apiKey: "K"))
        let done = expectation(description: "done")
        client.movies(in: .popular, page: 1) { result in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(try? result.get().results.map(\.title), ["Se7en"])
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
    }

    func testClientSurfacesTMDbsErrorMessage() {
        let body = #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key."}"#
        let client = APIClient(
            session: session { _ in (401, Data(body.utf8)) }, configuration: TMDbConfiguration(apiKey: "K"))
        let done = expectation(description: "done")
        client.searchMovies(matching: "x", page: 1) { result in
            if case .failure(let error) = result {
                XCTAssertEqual(error, .http(status: 401, message: "Invalid API key: You must be granted a valid key."))
            } else {
                XCTFail("expected an error")
            }
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
    }

    func testImageLoaderCachesAndServesWithoutARequest() {
        let loader = ImageLoader(session: session { _ in (200, Data("IMG".utf8)) })
        let url = URL(fileURLWithPath: "/poster.jpg")
        for _ in 0..<2 {
            let done = expectation(description: "loaded")
            loader.loadImage(from: URL(string: "https://image.example/p.jpg") ?? url) { result in
                XCTAssertEqual(try? result.get(), Data("IMG".utf8))
                done.fulfill()
            }
            wait(for: [done], timeout: 2)
        }
        XCTAssertEqual(StubProtocol.count, 1)
    }
}

private final class StubProtocol: URLProtocol {
    nonisolated(unsafe) static var handler: ((URLRequest) -> (Int, Data))?
    nonisolated(unsafe) static var count = 0

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        Self.count += 1
        let (status, body) = Self.handler?(request) ?? (500, Data())
        if let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)
        {
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: body)
        }
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

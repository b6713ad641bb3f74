import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo's network: a `URLProtocol` that answers from the fixture, never the internet, and keeps a log.
///
/// The feed address gets the Latin-1 fixture (labelled UTF-8, as the real server does), image addresses get
/// stand-in bytes after a short delay, and addresses with "missing" in them get a 404.
final class FixtureURLProtocol: URLProtocol {
    /// What the demo's session has been asked for. URLProtocol classes are created by the URL loading system,
    /// so the log is reached through the class.
    static let log = RequestLog()

    /// A session whose requests this protocol answers.
    static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [FixtureURLProtocol.self]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url ?? URL(fileURLWithPath: "/")
        Self.log.started(url)
        let isFeed = url.absoluteString == FeedFixture.address
        let status = url.absoluteString.contains("missing") ? 404 : 200
        let body = isFeed ? FeedFixture.latin1Bytes : FeedFixture.imageBytes(for: url)
        let contentType = isFeed ? "text/plain; charset=utf-8" : "image/jpeg"
        // The URL loading system lets a protocol answer from any queue.
        let loader = Unchecked(value: self)
        DispatchQueue.global().asyncAfter(deadline: .now() + (isFeed ? 0.05 : 0.02)) {
            loader.value.answer(url, status: status, body: body, contentType: contentType)
        }
    }

    private func answer(_ url: URL, status: Int, body: Data, contentType: String) {
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": contentType])
        else { return }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: status == 200 ? body : Data())
        client?.urlProtocolDidFinishLoading(self)
        Self.log.finished(url)
    }

    override func stopLoading() {}
}

/// The requests a session made, and how many are still on their way.
final class RequestLog {
    private let lock = NSLock()
    private var urls: [URL] = []
    private var open = 0

    func started(_ url: URL) {
        lock.withLock {
            urls.append(url)
            open += 1
        }
    }

    func finished(_ url: URL) {
        lock.withLock { open -= 1 }
    }

    /// Every request so far, in order.
    var requests: [URL] { lock.withLock { urls } }

    /// How many requests wait for an answer.
    var inFlight: Int { lock.withLock { open } }
}

private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

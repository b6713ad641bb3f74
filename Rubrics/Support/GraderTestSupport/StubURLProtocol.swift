import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A canned answer to one request.
public enum StubResponse: Sendable {
    /// An HTTP response with a status, headers and body.
    case http(status: Int, headers: [String: String] = [:], body: Data)
    /// A transport failure, as URLSession reports it.
    case failure(URLError.Code)
    /// No answer yet: the request waits until the test calls `StubTransport.respond(to:with:)`.
    case hold

    /// A JSON body with status 200 (or `status`).
    public static func json(_ text: String, status: Int = 200) -> StubResponse {
        .http(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

/// A stand-in for the network: a `URLSession` whose requests are answered by a handler, never sent.
///
/// ```swift
/// let transport = StubTransport { request in .json(#"{"results": []}"#) }
/// let client = MovieClient(session: transport.session, ...)
/// XCTAssertEqual(transport.requests.map(\.url), [...])
/// ```
/// Works on Linux and macOS: the session is built from a `URLSessionConfiguration` whose only protocol class
/// is `StubURLProtocol`. `URLProtocol` classes are process-wide, so the newest live transport answers every
/// stubbed request: create one transport per test (hidden tests each run in their own process).
public final class StubTransport: @unchecked Sendable {
    public typealias Handler = @Sendable (URLRequest) -> StubResponse

    public let session: URLSession
    private let lock = NSLock()
    private var handler: Handler
    private var recorded: [URLRequest] = []
    private var held: [(request: URLRequest, loader: StubURLProtocol)] = []

    /// A transport whose every request gets `handler`'s answer.
    public init(handler: @escaping Handler) {
        self.handler = handler
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
        StubURLProtocol.register(self)
    }

    /// A transport that answers every request with `response`.
    public convenience init(always response: StubResponse) {
        self.init { _ in response }
    }

    deinit { StubURLProtocol.unregister(self) }

    /// Replaces the handler for later requests.
    public func respond(with handler: @escaping Handler) {
        lock.withLock { self.handler = handler }
    }

    /// Every request received so far, in order (started ones, whether answered, held or cancelled).
    public var requests: [URLRequest] { lock.withLock { recorded } }

    /// The requests answered with `.hold` and not yet released.
    public var heldRequests: [URLRequest] { lock.withLock { held.map(\.request) } }

    /// Answers the oldest held request whose URL is `url` (or the oldest held one when `url` is nil).
    /// Returns false when no such request is held (it may have been cancelled).
    @discardableResult
    public func respond(to url: URL? = nil, with response: StubResponse) -> Bool {
        let loader: StubURLProtocol? = lock.withLock {
            guard let index = held.firstIndex(where: { url == nil || $0.request.url == url }) else { return nil }
            return held.remove(at: index).loader
        }
        guard let loader else { return false }
        loader.deliver(response)
        return true
    }

    func received(_ request: URLRequest, loader: StubURLProtocol) -> StubResponse {
        lock.withLock {
            recorded.append(request)
            let response = handler(request)
            if case .hold = response { held.append((request, loader)) }
            return response
        }
    }

    func cancelled(_ loader: StubURLProtocol) {
        lock.withLock { held.removeAll { $0.loader === loader } }
    }
}

/// The `URLProtocol` behind `StubTransport`: hands each request to the newest live transport.
public final class StubURLProtocol: URLProtocol {
    private static let lock = NSLock()
    nonisolated(unsafe) private static weak var current: StubTransport?
    private let stateLock = NSLock()
    private var finished = false

    static func register(_ transport: StubTransport) {
        lock.withLock { current = transport }
    }

    static func unregister(_ transport: StubTransport) {
        lock.withLock { if current === transport { current = nil } }
    }

    private static var transport: StubTransport? { lock.withLock { current } }

    public override class func canInit(with request: URLRequest) -> Bool { true }
    public override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    public override func startLoading() {
        guard let transport = Self.transport else {
            deliver(.failure(.notConnectedToInternet))
            return
        }
        let response = transport.received(request, loader: self)
        if case .hold = response { return }
        deliver(response)
    }

    public override func stopLoading() {
        Self.transport?.cancelled(self)
        stateLock.withLock { finished = true }
    }

    func deliver(_ response: StubResponse) {
        let alreadyFinished = stateLock.withLock { () -> Bool in
            defer { finished = true }
            return finished
        }
        guard !alreadyFinished, let client else { return }
        switch response {
        case .http(let status, let headers, let body):
            let url = request.url ?? URL(fileURLWithPath: "/")
            guard
                let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client.urlProtocol(self, didReceive: http, cacheStoragePolicy: .notAllowed)
            client.urlProtocol(self, didLoad: body)
            client.urlProtocolDidFinishLoading(self)
        case .failure(let code):
            client.urlProtocol(self, didFailWithError: URLError(code))
        case .hold:
            break
        }
    }
}

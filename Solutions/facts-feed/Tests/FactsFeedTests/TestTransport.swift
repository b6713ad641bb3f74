import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSession` whose requests are answered by the test, never sent: the network seam of these tests.
///
/// `URLProtocol` classes are process-wide, so the newest transport answers; tests make one each.
final class TestTransport {
    enum Answer {
        case status(Int, Data)
        case failure(URLError.Code)
        /// Keep the request until `release(_:)`.
        case hold
    }

    let session: URLSession
    private let lock = NSLock()
    private var answer: (URLRequest) -> Answer
    private var recorded: [URLRequest] = []
    private var held: [(URLRequest, TestURLProtocol)] = []

    init(answer: @escaping (URLRequest) -> Answer) {
        self.answer = answer
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [TestURLProtocol.self]
        session = URLSession(configuration: configuration)
        TestURLProtocol.current.withLock { $0 = self }
    }

    var requests: [URLRequest] { lock.withLock { recorded } }

    /// Answers the oldest held request.
    func release(_ answer: Answer) {
        let first = lock.withLock { held.isEmpty ? nil : held.removeFirst() }
        first?.1.deliver(answer)
    }

    /// Waits until `count` requests have arrived (they arrive asynchronously after `resume()`).
    func waitForRequests(_ count: Int, timeout: TimeInterval = 2) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while requests.count < count && Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.005))
        }
        return requests.count >= count
    }

    fileprivate func received(_ request: URLRequest, by loader: TestURLProtocol) -> Answer {
        lock.withLock {
            recorded.append(request)
            let result = answer(request)
            if case .hold = result { held.append((request, loader)) }
            return result
        }
    }
}

/// Locks a value.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}

final class TestURLProtocol: URLProtocol {
    static let current = Locked<TestTransport?>(nil)

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let transport = Self.current.withLock({ $0 }) else { return deliver(.failure(.notConnectedToInternet)) }
        let answer = transport.received(request, by: self)
        if case .hold = answer { return }
        deliver(answer)
    }

    override func stopLoading() {}

    func deliver(_ answer: TestTransport.Answer) {
        switch answer {
        case .status(let status, let body):
            let url = request.url ?? URL(fileURLWithPath: "/")
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)
            else { return }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: body)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .hold:
            break
        }
    }
}

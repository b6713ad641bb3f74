import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// FL2: the generic engine: URLComponents, one error per kind of failure, decoding off main, completion on main
/// (every error's completion too, not only a success's).
final class FL2NetworkEngineTests: HiddenTestCase {
    /// Requests `endpoint` from an engine over `transport`; the completion's outcome and whether it ran on main.
    private func outcome(
        of endpoint: TestEndpoint, over transport: StubTransport
    ) -> (result: Result<EngineProbe, NetworkError>?, onMain: Bool?) {
        let engine = NetworkEngine(session: transport.session)
        let done = expectation(description: "the completion runs")
        var outcome: (Result<EngineProbe, NetworkError>?, Bool?) = (nil, nil)
        engine.request(endpoint: endpoint) { (result: Result<EngineProbe, NetworkError>) in
            outcome = (result, Thread.isMainThread)
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        return outcome
    }

    /// The outcome of requesting `endpoint` from a transport that answers every request with `response`.
    private func outcome(
        of endpoint: TestEndpoint, answering response: StubResponse
    ) -> (result: Result<EngineProbe, NetworkError>?, onMain: Bool?) {
        outcome(of: endpoint, over: StubTransport(always: response))
    }

    func test_FL2_theRequestIsBuiltWithURLComponentsFromTheEndpointsParts() throws {
        let transport = StubTransport(always: .json(#"{"value": 1}"#))
        let endpoint = TestEndpoint(
            path: "/v1/photos",
            parameters: [URLQueryItem(name: "q", value: "cats & dogs"), .init(name: "page", value: "2")])
        _ = outcome(of: endpoint, over: transport)
        let request = try XCTUnwrap(transport.requests.first)
        XCTAssertEqual(request.url?.scheme, "https")
        XCTAssertEqual(request.url?.host, "api.example.com")
        XCTAssertEqual(request.url?.path, "/v1/photos")
        XCTAssertEqual(FlickrFixtures.queryItems(request.url), ["q=cats & dogs", "page=2"])
        XCTAssertEqual(request.httpMethod ?? "GET", "GET")
        XCTAssertEqual(transport.requests.count, 1)
    }

    func test_FL2_theEndpointsMethodIsTheRequestsMethod() throws {
        let transport = StubTransport(always: .json(#"{"value": 1}"#))
        _ = outcome(of: TestEndpoint(path: "/v1/likes", method: .post), over: transport)
        XCTAssertEqual(try XCTUnwrap(transport.requests.first).httpMethod, "POST")
    }

    func test_FL2_aPlusInAParameterReachesTheServerAsAPlus() throws {
        let transport = StubTransport(always: .json(#"{"value": 1}"#))
        let endpoint = TestEndpoint(path: "/v1/sum", parameters: [URLQueryItem(name: "q", value: "1+1")])
        _ = outcome(of: endpoint, over: transport)
        let url = try XCTUnwrap(transport.requests.first?.url)
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        XCTAssertEqual(query, "q=1%2B1", "a bare + reads as a space on the server")
    }

    func test_FL2_anInvalidURLIsItsOwnErrorAndSendsNothing() {
        let transport = StubTransport(always: .json(#"{"value": 1}"#))
        let (result, _) = outcome(
            of: TestEndpoint(path: "photos-without-leading-slash"), over: transport)
        guard case .failure(.invalidURL)? = result else {
            return XCTFail("expected NetworkError.invalidURL, got \(String(describing: result))")
        }
        XCTAssertEqual(transport.requests.count, 0)
    }

    func test_FL2_aTransportFailureIsATransportErrorWithItsCodeOnMain() {
        let (result, onMain) = outcome(
            of: TestEndpoint(path: "/v1/photos"), answering: .failure(.notConnectedToInternet))
        guard case .failure(.transport(let code))? = result else {
            return XCTFail("expected a transport error, got \(String(describing: result))")
        }
        XCTAssertEqual(code, .notConnectedToInternet)
        XCTAssertEqual(onMain, true, "a transport error's completion did not run on the main thread")
    }

    func test_FL2_aNon2xxStatusIsAnHTTPErrorWithTheStatusOnMain() {
        let (result, onMain) = outcome(
            of: TestEndpoint(path: "/v1/photos"), answering: .json(#"{"value": 1}"#, status: 503))
        guard case .failure(.http(let status))? = result else {
            return XCTFail("expected an HTTP error, got \(String(describing: result))")
        }
        XCTAssertEqual(status, 503)
        XCTAssertEqual(onMain, true, "an HTTP error's completion did not run on the main thread")
    }

    func test_FL2_theEdgesOf2xxAreHTTPErrors() {
        for code in [199, 300] {
            let (result, _) = outcome(
                of: TestEndpoint(path: "/v1/photos"), answering: .json(#"{"value": 1}"#, status: code))
            guard case .failure(.http(let status))? = result else {
                XCTFail("status \(code): expected an HTTP error, got \(String(describing: result))")
                continue
            }
            XCTAssertEqual(status, code)
        }
    }

    func test_FL2_malformedJSONIsADecodingErrorOnMain() {
        let (result, onMain) = outcome(of: TestEndpoint(path: "/v1/photos"), answering: .json(#"{"value": "#))
        guard case .failure(.decoding)? = result else {
            return XCTFail("expected a decoding error, got \(String(describing: result))")
        }
        XCTAssertEqual(onMain, true, "a decoding error's completion did not run on the main thread")
    }

    func test_FL2_decodingRunsOffTheMainThreadAndTheCompletionOnIt() throws {
        DecodeLog.reset()
        let (result, onMain) = outcome(of: TestEndpoint(path: "/v1/photos"), answering: .json(#"{"value": 42}"#))
        XCTAssertEqual(try XCTUnwrap(result).get().value, 42)
        XCTAssertFalse(DecodeLog.onMain.isEmpty, "the body was never decoded as the requested type")
        XCTAssertFalse(DecodeLog.onMain.contains(true), "the body was decoded on the main thread")
        XCTAssertEqual(onMain, true, "the completion did not run on the main thread")
    }

    func test_FL2_theAsyncTwinReturnsTheValueAndThrowsTheErrors() async throws {
        let transport = StubTransport { request in
            request.url?.path == "/v1/ok" ? .json(#"{"value": 7}"#) : .json("{}", status: 404)
        }
        let engine = NetworkEngine(session: transport.session)
        let probe: EngineProbe = try await engine.request(endpoint: TestEndpoint(path: "/v1/ok"))
        XCTAssertEqual(probe.value, 7)
        do {
            let _: EngineProbe = try await engine.request(endpoint: TestEndpoint(path: "/v1/missing"))
            XCTFail("expected an HTTP error")
        } catch {
            guard case .http(let status)? = error as? NetworkError else { return XCTFail("got \(error)") }
            XCTAssertEqual(status, 404)
        }
    }
}

/// An endpoint that states every part, so these tests depend on the engine only.
private struct TestEndpoint: Endpoint {
    var scheme: String { "https" }
    var baseURL: String { "api.example.com" }
    var path: String
    var parameters: [URLQueryItem] = []
    var method: HTTPMethod = .get
}

/// A body the test owns: records on which thread it is decoded. Internal, so a failure names it without an address.
struct EngineProbe: Decodable {
    var value: Int

    enum CodingKeys: String, CodingKey {
        case value
    }

    init(from decoder: Decoder) throws {
        DecodeLog.record(Thread.isMainThread)
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value)
    }
}

private enum DecodeLog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var threads: [Bool] = []

    static func record(_ onMain: Bool) { lock.withLock { threads.append(onMain) } }
    static func reset() { lock.withLock { threads = [] } }
    static var onMain: [Bool] { lock.withLock { threads } }
}

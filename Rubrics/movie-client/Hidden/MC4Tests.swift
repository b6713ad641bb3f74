import Foundation
import GraderTestSupport
import MovieClient
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class MC4ErrorTests: HiddenTestCase {
    private func result(for response: StubResponse) -> Result<MoviePage, APIError>? {
        let transport = StubTransport(always: response)
        let client = APIClient(session: transport.session, configuration: TMDbConfiguration(apiKey: "KEY"))
        let done = expectation(description: "completion")
        var outcome: Result<MoviePage, APIError>?
        client.movies(in: .popular, page: 1) { result in
            outcome = result
            done.fulfill()
        }
        wait(for: [done], timeout: 2)
        return outcome
    }

    func test_MC4_aNon2xxStatusIsAnHTTPErrorWithTheStatus() {
        guard case .failure(.http(let status, _))? = result(for: .http(status: 503, body: Data("oops".utf8))) else {
            return XCTFail("expected an HTTP error")
        }
        XCTAssertEqual(status, 503)
    }

    func test_MC4_theEdgesOf2xxAreHTTPErrors() {
        for code in [199, 300] {
            guard case .failure(.http(let status, _))? = result(for: .http(status: code, body: Data("{}".utf8))) else {
                XCTFail("status \(code) should be an HTTP error")
                continue
            }
            XCTAssertEqual(status, code)
        }
    }

    func test_MC4_every2xxStatusIsASuccess() {
        for code in [201, 203, 299] {
            let transport = StubTransport(always: .http(status: code, body: Data("BODY".utf8)))
            let client = APIClient(session: transport.session, configuration: TMDbConfiguration(apiKey: "KEY"))
            let done = expectation(description: "status \(code)")
            var outcome: Result<String, APIError>?
            client.request(
                .movies(.popular, page: 1), decode: { String(decoding: $0, as: UTF8.self) },
                completion: { result in
                    outcome = result
                    done.fulfill()
                })
            wait(for: [done], timeout: 2)
            XCTAssertEqual(
                try outcome?.get(), "BODY",
                "status \(code) is a 2xx success, yet it was answered as \(String(describing: outcome))")
        }
    }

    func test_MC4_TMDbsErrorBodyIsSurfacedAsItsMessage() {
        let outcome = result(for: .json(MovieFixtures.invalidKey, status: 401))
        guard case .failure(let error)? = outcome, case .http(let status, let message) = error else {
            return XCTFail("expected an HTTP error, got \(String(describing: outcome))")
        }
        XCTAssertEqual(status, 401)
        XCTAssertEqual(message, "Invalid API key: You must be granted a valid key.")
        XCTAssertEqual(error.message, "Invalid API key: You must be granted a valid key.")
    }

    func test_MC4_malformedJSONIsADecodingError() {
        guard case .failure(.decoding)? = result(for: .json(#"{"results": [{"id": "#)) else {
            return XCTFail("expected a decoding error")
        }
    }

    func test_MC4_aTransportErrorIsPassedOn() {
        guard case .failure(.transport(let code))? = result(for: .failure(.notConnectedToInternet)) else {
            return XCTFail("expected a transport error")
        }
        XCTAssertEqual(code, .notConnectedToInternet)
    }
}

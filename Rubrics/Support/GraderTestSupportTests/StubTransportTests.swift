import Foundation
import GraderTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class StubTransportTests: XCTestCase {
    private let url = URL(string: "https://example.test/a?b=1")!

    func testAnswersFromTheHandlerAndRecordsTheRequest() {
        let transport = StubTransport(always: .json(#"{"ok":true}"#, status: 201))
        let done = expectation(description: "response")
        transport.session.dataTask(with: url) { data, response, error in
            XCTAssertNil(error)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 201)
            XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, #"{"ok":true}"#)
            done.fulfill()
        }.resume()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(transport.requests.map(\.url), [url])
    }

    func testTransportFailureIsReportedAsURLError() {
        let transport = StubTransport(always: .failure(.timedOut))
        let done = expectation(description: "response")
        transport.session.dataTask(with: url) { _, _, error in
            XCTAssertEqual((error as? URLError)?.code, .timedOut)
            done.fulfill()
        }.resume()
        wait(for: [done], timeout: 5)
    }

    func testHeldRequestIsAnsweredOnlyWhenReleased() {
        let transport = StubTransport(always: .hold)
        let done = expectation(description: "response")
        transport.session.dataTask(with: url) { data, _, _ in
            XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, "late")
            done.fulfill()
        }.resume()
        let deadline = Date().addingTimeInterval(5)
        while transport.heldRequests.isEmpty, Date() < deadline { RunLoop.current.run(until: Date() + 0.01) }
        XCTAssertEqual(transport.heldRequests.count, 1)
        XCTAssertTrue(transport.respond(with: .http(status: 200, body: Data("late".utf8))))
        wait(for: [done], timeout: 5)
    }

    func testCancelledHeldRequestReportsCancellation() {
        let transport = StubTransport(always: .hold)
        let done = expectation(description: "response")
        let task = transport.session.dataTask(with: url) { _, _, error in
            XCTAssertEqual((error as? URLError)?.code, .cancelled)
            done.fulfill()
        }
        task.resume()
        let deadline = Date().addingTimeInterval(5)
        while transport.heldRequests.isEmpty, Date() < deadline { RunLoop.current.run(until: Date() + 0.01) }
        task.cancel()
        wait(for: [done], timeout: 5)
        XCTAssertFalse(transport.respond(with: .json("{}")))
    }

    func testNewestTransportAnswers() {
        let first = StubTransport(always: .json("1"))
        let second = StubTransport(always: .json("2"))
        let done = expectation(description: "response")
        second.session.dataTask(with: url) { data, _, _ in
            XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, "2")
            done.fulfill()
        }.resume()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(second.requests.count, 1)
        XCTAssertEqual(first.requests.count, 0)
    }
}

import Foundation
import TwitterFeed
import XCTest

// grader: ships with the starter
/// The provided client's specification: these pass from the start.
final class TwitterClientTests: XCTestCase {
    private let scheduler = TestScheduler()
    private let tweets = [
        Tweet(id: "1", handle: "jack", text: "older", date: Date(timeIntervalSince1970: 100)),
        Tweet(id: "2", handle: "ev", text: "newer", date: Date(timeIntervalSince1970: 200)),
    ]

    private func makeClient() -> TwitterClient {
        TwitterClient(username: "alice", password: "secret", timeline: tweets, latency: 1, scheduler: scheduler)
    }

    func test_isLoggedIn_startsFalseAndReplaysCurrentValueToNewObservers() {
        let client = makeClient()
        var values: [Bool] = []
        client.isLoggedIn.observeNext { values.append($0) }
        XCTAssertEqual(values, [false])
        XCTAssertFalse(client.isLoggedIn.value)
    }

    func test_logIn_withRightCredentials_setsIsLoggedInAfterTheLatency() {
        let client = makeClient()
        var values: [Bool] = []
        client.isLoggedIn.observeNext { values.append($0) }
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.9)
        XCTAssertEqual(values, [false])
        scheduler.advance(by: 0.1)
        XCTAssertEqual(values, [false, true])
        XCTAssertEqual(client.currentUsername, "alice")
    }

    func test_logIn_withWrongCredentials_publishesFalseAgain() {
        let client = makeClient()
        var values: [Bool] = []
        client.isLoggedIn.observeNext { values.append($0) }
        client.logIn(username: "alice", password: "SECRET")
        client.logIn(username: "Alice", password: "secret")
        scheduler.run()
        XCTAssertEqual(values, [false, false, false])
        XCTAssertNil(client.currentUsername)
    }

    func test_logOut_setsIsLoggedInFalseAtOnce() {
        let client = makeClient()
        client.logIn(username: "alice", password: "secret")
        scheduler.run()
        client.logOut()
        XCTAssertFalse(client.isLoggedIn.value)
        XCTAssertNil(client.currentUsername)
    }

    func test_loadTimeline_whenLoggedIn_answersNewestFirstAfterTheLatency() {
        let client = makeClient()
        client.logIn(username: "alice", password: "secret")
        scheduler.run()
        var result: Result<[Tweet], TwitterClient.Error>?
        client.loadTimeline { result = $0 }
        XCTAssertNil(result)
        scheduler.advance(by: 1)
        XCTAssertEqual(try result?.get().map(\.id), ["2", "1"])
    }

    func test_loadTimeline_whenLoggedOut_fails() {
        let client = makeClient()
        var result: Result<[Tweet], TwitterClient.Error>?
        client.loadTimeline { result = $0 }
        scheduler.run()
        XCTAssertEqual(result, .failure(.notLoggedIn))
    }

    func test_loadTimeline_whenTheSessionEndsBeforeTheAnswer_fails() {
        let client = makeClient()
        client.logIn(username: "alice", password: "secret")
        scheduler.run()
        var result: Result<[Tweet], TwitterClient.Error>?
        client.loadTimeline { result = $0 }
        client.logOut()
        scheduler.run()
        XCTAssertEqual(result, .failure(.notLoggedIn))
    }

    func test_observeNext_stopsWhenDisposedAndDisposeBagDisposesOnDeinit() {
        let property = Property(0)
        var values: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        property.observeNext { values.append($0) }.dispose(in: bag ?? DisposeBag())
        property.value = 1
        XCTAssertEqual(property.observerCount, 1)
        bag = nil
        property.value = 2
        XCTAssertEqual(values, [0, 1])
        XCTAssertEqual(property.observerCount, 0)
    }

    func test_testScheduler_runsWorkInDueOrderOnlyWhenAdvanced() {
        var order: [String] = []
        scheduler.schedule(after: 2) { order.append("b") }
        scheduler.schedule(after: 1) { order.append("a") }
        scheduler.schedule(after: 2) { order.append("c") }
        XCTAssertEqual(scheduler.pendingCount, 3)
        scheduler.advance(by: 1)
        XCTAssertEqual(order, ["a"])
        scheduler.advance(by: 1)
        XCTAssertEqual(order, ["a", "b", "c"])
        XCTAssertEqual(scheduler.now, 2)
    }
}

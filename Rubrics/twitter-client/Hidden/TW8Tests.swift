import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW8: UI state changes on main, although the client answers on a background queue.
final class TW8MainThreadTests: HiddenTestCase {
    /// Values seen by observers and whether each arrived on the main thread; safe from any thread.
    private final class Deliveries<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(value: Value, onMain: Bool)] = []

        func append(_ value: Value) {
            let onMain = Thread.isMainThread
            lock.withLock { items.append((value, onMain)) }
        }

        var values: [Value] { lock.withLock { items.map(\.value) } }
        var allOnMain: Bool { lock.withLock { items.allSatisfy(\.onMain) } }
    }

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(
            username: "alice", password: "secret", timeline: [tweet], latency: 0.01,
            scheduler: QueueScheduler(queue: DispatchQueue(label: "hidden.tw8.client")))
    }

    private func loggedInClient() -> TwitterClient {
        let client = makeClient()
        let loggedIn = expectation(description: "logged in")
        let observation = client.isLoggedIn.observeNext { if $0 { loggedIn.fulfill() } }
        client.logIn(username: "alice", password: "secret")
        wait(for: [loggedIn], timeout: 1)
        observation.dispose()
        return client
    }

    private func waitForRoute(_ route: Route, on coordinator: AppCoordinator, record: Deliveries<Route>) {
        let arrived = expectation(description: "route \(route)")
        arrived.assertForOverFulfill = false
        let observation = coordinator.route.observeNext { value in
            record.append(value)
            if value == route { arrived.fulfill() }
        }
        wait(for: [arrived], timeout: 1)
        observation.dispose()
    }

    func test_TW8_routeToTheFeedAfterLogIn_arrivesOnMain() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: QueueScheduler(queue: .main))
        let routes = Deliveries<Route>()
        let model = coordinator.logInViewModel
        model?.usernameChanged("alice")
        model?.passwordChanged("secret")
        model?.logInButtonTapped()
        waitForRoute(.feed, on: coordinator, record: routes)
        XCTAssertEqual(routes.values.last, .feed)
        XCTAssertTrue(routes.allOnMain, "route changes must arrive on the main thread")
    }

    func test_TW8_feedCells_changeOnMain() {
        let coordinator = AppCoordinator(client: loggedInClient(), uiScheduler: QueueScheduler(queue: .main))
        guard let feed = coordinator.feedViewModel else { return XCTFail("logged in: the feed should be shown") }
        let cells = Deliveries<[TweetCellModel]>()
        let loaded = expectation(description: "cells")
        let observation = feed.cells.observeNext { value in
            cells.append(value)
            if !value.isEmpty { loaded.fulfill() }
        }
        defer { observation.dispose() }
        feed.viewDidLoad()
        wait(for: [loaded], timeout: 1)
        XCTAssertEqual(cells.values.last?.map(\.title), ["@jack"])
        XCTAssertTrue(cells.allOnMain, "cells must change on the main thread")
    }

    func test_TW8_sessionEndingOnABackgroundQueue_showsLogInOnMain() {
        let client = loggedInClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: QueueScheduler(queue: .main))
        XCTAssertEqual(coordinator.route.value, .feed)
        let routes = Deliveries<Route>()
        DispatchQueue.global().async { client.logOut() }
        waitForRoute(.logIn, on: coordinator, record: routes)
        XCTAssertTrue(routes.allOnMain, "route changes must arrive on the main thread")
        XCTAssertNotNil(coordinator.logInViewModel)
    }

    func test_TW8_feedClearedBySessionEndOnABackgroundQueue_changesOnMain() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: QueueScheduler(queue: .main))
        let cells = Deliveries<Int>()
        let loaded = expectation(description: "loaded")
        let cleared = expectation(description: "cleared")
        var sawTweets = false
        let observation = feed.cells.observeNext { value in
            cells.append(value.count)
            if !value.isEmpty && !sawTweets {
                sawTweets = true
                loaded.fulfill()
            } else if value.isEmpty && sawTweets {
                cleared.fulfill()
            }
        }
        defer { observation.dispose() }
        feed.viewDidLoad()
        wait(for: [loaded], timeout: 1)
        DispatchQueue.global().async { client.logOut() }
        wait(for: [cleared], timeout: 1)
        XCTAssertEqual(cells.values.last, 0)
        XCTAssertTrue(cells.allOnMain, "cells must change on the main thread")
    }
}

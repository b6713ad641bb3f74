import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW8: UI state changes on main, although the client answers on a background queue.
///
/// The client runs on a queue of its own and the screens get the real main queue as their UI scheduler, so these
/// tests wait (expectations of at most 2 s, failing loudly) for a change to arrive and then check the thread of
/// every value delivered. A change has to happen to be seen: route changes are TW3's work and the feed's cells
/// TW5's, so these tests build on both (declared in rubric.json). The client is logged in on itself, never through
/// the Log In screen.
final class TW8MainThreadTests: HiddenTestCase {
    /// A session that stays logged in, for a feed whose timeline is another client's.
    private final class LoggedInSession: Session {
        let isLoggedIn = ReadOnlyProperty(constant: true)
        func logIn(username: String, password: String) {}
        func logOut() {}
    }

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(
            username: "alice", password: "secret", timeline: [tweet], latency: 0.01,
            scheduler: QueueScheduler(queue: DispatchQueue(label: "hidden.tw8.client")))
    }

    private func loggedInClient(file: StaticString = #filePath, line: UInt = #line) -> TwitterClient {
        let client = makeClient()
        let loggedIn = expectation(description: "the provided client logged in")
        loggedIn.assertForOverFulfill = false
        let observation = client.isLoggedIn.observeNext { if $0 { loggedIn.fulfill() } }
        client.logIn(username: "alice", password: "secret")
        waitLoudly(for: loggedIn, file: file, line: line)
        observation.dispose()
        return client
    }

    /// Records every value `property` delivers into `deliveries`; `arrived` is fulfilled by the first value after
    /// the current one that satisfies `matches`.
    private func record<Value>(
        _ property: ReadOnlyProperty<Value>, into deliveries: Deliveries<Value>, arrived: XCTestExpectation? = nil,
        when matches: @escaping (Value) -> Bool = { _ in false }
    ) -> Disposable {
        arrived?.assertForOverFulfill = false
        var isCurrentValue = true
        return property.observeNext { value in
            deliveries.append(value)
            if !isCurrentValue, matches(value) { arrived?.fulfill() }
            isCurrentValue = false
        }
    }

    func test_TW8_routeToTheFeedAfterALogInAnsweredOnTheClientsQueue_arrivesOnMain() {
        let client = makeClient()
        let router = AppRouter(session: client, uiScheduler: QueueScheduler(queue: .main))
        let routes = Deliveries<Route>()
        let feedShown = expectation(description: "the route to the feed")
        let observation = record(router.route, into: routes, arrived: feedShown) { $0 == .feed }
        defer { observation.dispose() }
        client.logIn(username: "alice", password: "secret")
        waitLoudly(for: feedShown)
        XCTAssertEqual(Histories.withoutRepeats(routes.values), [.logIn, .feed])
        XCTAssertEqual(routes.offMainCount, 0, "route changes must arrive on the main thread")
    }

    func test_TW8_sessionEndingOnABackgroundQueue_showsLogInOnMain() {
        let client = loggedInClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: QueueScheduler(queue: .main))
        XCTAssertEqual(coordinator.route.value, .feed, "launched with a session, the coordinator should show the feed")
        let routes = Deliveries<Route>()
        let logInShown = expectation(description: "the route to Log In")
        let observation = record(coordinator.route, into: routes, arrived: logInShown) { $0 == .logIn }
        defer { observation.dispose() }
        DispatchQueue.global().async { client.logOut() }
        waitLoudly(for: logInShown)
        XCTAssertEqual(routes.offMainCount, 0, "route changes must arrive on the main thread")
        XCTAssertNotNil(coordinator.logInViewModel)
    }

    func test_TW8_feedCellsAndLoading_changeOnMain_whenTheTimelineAnswersOnTheClientsQueue() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: QueueScheduler(queue: .main))
        let cells = Deliveries<[TweetCellModel]>()
        let loading = Deliveries<Bool>()
        let loaded = expectation(description: "the feed's cells")
        // The spinner's stop is waited for too: a stop made off main after the cells would come after the drain.
        let stopped = expectation(description: "the spinner stopped after the load")
        let cellsObservation = record(feed.cells, into: cells, arrived: loaded) { !$0.isEmpty }
        let loadingObservation = record(feed.isLoading, into: loading, arrived: stopped) { !$0 }
        defer {
            cellsObservation.dispose()
            loadingObservation.dispose()
        }
        feed.viewDidLoad()
        waitLoudly(for: [loaded, stopped])
        drainMainQueue(after: "the timeline's answer")
        XCTAssertEqual(cells.values.last?.map(\.title), ["@jack"])
        XCTAssertEqual(cells.offMainCount, 0, "cells must change on the main thread")
        XCTAssertEqual(loading.offMainCount, 0, "isLoading must change on the main thread")
    }

    func test_TW8_feedCellsAndLoading_changeOnMain_whenTheTimelineFailsOnTheClientsQueue() {
        // Nobody is logged in to the client the feed loads from, so it fails every load on its own queue; the
        // session stays logged in, so the failure is the latest load's answer and the spinner must stop (TW5).
        let feed = FeedViewModel(
            timeline: makeClient(), session: LoggedInSession(), uiScheduler: QueueScheduler(queue: .main))
        let cells = Deliveries<[TweetCellModel]>()
        let loading = Deliveries<Bool>()
        let stopped = expectation(description: "the spinner stopped after the failed load")
        let cellsObservation = record(feed.cells, into: cells)
        let loadingObservation = record(feed.isLoading, into: loading, arrived: stopped) { !$0 }
        defer {
            cellsObservation.dispose()
            loadingObservation.dispose()
        }
        feed.viewDidLoad()
        waitLoudly(for: stopped)
        drainMainQueue(after: "the timeline's failure")
        XCTAssertEqual(cells.values.last?.count, 0, "a failed first load shows no tweets")
        XCTAssertEqual(
            loading.offMainCount, 0,
            "isLoading must change on the main thread also when the load fails: hop to the UI scheduler on "
                + "failures as on successes")
        XCTAssertEqual(cells.offMainCount, 0, "cells must change on the main thread also when the load fails")
    }

    func test_TW8_feedChangesWhenTheSessionEndsOnABackgroundQueue_arriveOnMain() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: QueueScheduler(queue: .main))
        let cells = Deliveries<[TweetCellModel]>()
        let loading = Deliveries<Bool>()
        let loaded = expectation(description: "the feed's cells")
        let cellsObservation = record(feed.cells, into: cells, arrived: loaded) { !$0.isEmpty }
        let loadingObservation = record(feed.isLoading, into: loading)
        defer {
            cellsObservation.dispose()
            loadingObservation.dispose()
        }
        feed.viewDidLoad()
        waitLoudly(for: loaded)
        let loggedOut = expectation(description: "log out on a background queue")
        DispatchQueue.global().async {
            client.logOut()
            loggedOut.fulfill()
        }
        waitLoudly(for: loggedOut)
        drainMainQueue(after: "the session's end")
        XCTAssertFalse(client.isLoggedIn.value)
        XCTAssertEqual(cells.offMainCount, 0, "cells must change on the main thread, also when the session ends")
        XCTAssertEqual(loading.offMainCount, 0, "isLoading must change on the main thread")
    }
}

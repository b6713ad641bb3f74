import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW7: no leaks: observers are disposed with their screen; a dismissed feed model is deallocated.
final class TW7NoLeaksTests: HiddenTestCase {
    private let scheduler = TestScheduler()

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(
            username: "alice", password: "secret", timeline: [tweet], latency: 0.5, scheduler: scheduler)
    }

    private func logIn(_ client: TwitterClient) {
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.5)
    }

    func test_TW7_feedDismissedByLogOut_isDeallocated() {
        let client = makeClient()
        logIn(client)
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        weak let feed = coordinator.feedViewModel
        feed?.viewDidLoad()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed?.cells.value.count, 1, "the feed should load before it is dismissed")
        feed?.logOutButtonTapped()
        XCTAssertEqual(coordinator.route.value, .logIn)
        XCTAssertNil(feed, "the dismissed feed model is still alive: something retains it")
    }

    func test_TW7_feedDismissedWhileARefreshIsInFlight_isDeallocatedAtOnce() {
        let client = makeClient()
        logIn(client)
        var feed: FeedViewModel? = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        weak let dismissed = feed
        feed?.viewDidLoad()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed?.cells.value.count, 1, "the feed should load before it is dismissed")
        feed?.refreshRequested()
        feed = nil
        XCTAssertNil(dismissed, "a pending timeline request must not keep the dismissed screen alive")
        scheduler.run()
    }

    func test_TW7_dismissedFeed_leavesNoObserverOnIsLoggedIn() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        let observersOnLogIn = client.isLoggedIn.observerCount
        logIn(client)
        coordinator.feedViewModel?.viewDidLoad()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(coordinator.feedViewModel?.cells.value.count, 1, "the feed should load before it is dismissed")
        client.logOut()
        XCTAssertEqual(coordinator.route.value, .logIn)
        XCTAssertEqual(
            client.isLoggedIn.observerCount, observersOnLogIn,
            "observers added for the feed screen must be disposed with it")
    }

    func test_TW7_noFeedModelSurvivesRepeatedLogInAndLogOut() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        var feeds: [() -> FeedViewModel?] = []
        for _ in 0..<3 {
            logIn(client)
            weak let feed = coordinator.feedViewModel
            XCTAssertNotNil(feed, "logged in: the feed should be shown")
            feed?.viewDidLoad()
            scheduler.advance(by: 0.5)
            feeds.append { feed }
            client.logOut()
        }
        XCTAssertEqual(feeds.count, 3)
        XCTAssertTrue(feeds.allSatisfy { $0() == nil }, "every dismissed feed model should be deallocated")
    }
}

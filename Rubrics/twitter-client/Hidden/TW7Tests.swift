import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW7: no leaks: observers are disposed with their screen; a dismissed screen model is deallocated.
///
/// A screen is dismissed when routing moves away from it, so these tests build on TW3 (declared in rubric.json).
/// The session is driven on the provided client itself, and nothing here asserts what the feed shows: a gap in
/// the Log In screen, the feed or Log Out costs none of these tests.
final class TW7NoLeaksTests: HiddenTestCase {
    private let clock = TestScheduler()

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(username: "alice", password: "secret", timeline: [tweet], latency: 0.5, scheduler: clock)
    }

    private func logIn(_ client: TwitterClient) {
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
    }

    func test_TW7_feedDismissedWhenTheSessionEnds_isDeallocated() {
        let client = makeClient()
        logIn(client)
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        weak let feed = coordinator.feedViewModel
        XCTAssertNotNil(feed, "launched with a session, the coordinator should hold the feed's model")
        feed?.viewDidLoad()
        clock.advance(by: 0.5)
        client.logOut()
        XCTAssertEqual(coordinator.route.value, .logIn)
        XCTAssertNil(feed, "the dismissed feed model is still alive: something retains it")
    }

    func test_TW7_feedDismissedWhileARefreshIsInFlight_isDeallocatedAtOnce() {
        let client = makeClient()
        logIn(client)
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        weak let feed = coordinator.feedViewModel
        XCTAssertNotNil(feed, "launched with a session, the coordinator should hold the feed's model")
        feed?.viewDidLoad()
        clock.advance(by: 0.5)
        feed?.refreshRequested()
        client.logOut()
        XCTAssertNil(feed, "a pending timeline request must not keep the dismissed screen alive")
        clock.run()
    }

    func test_TW7_logInScreenModel_isReleasedOnceTheFeedShows() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        weak let logInScreen = coordinator.logInViewModel
        XCTAssertNotNil(logInScreen, "launched logged out, the coordinator should hold the Log In screen's model")
        logIn(client)
        XCTAssertEqual(coordinator.route.value, .feed)
        XCTAssertNil(logInScreen, "the dismissed Log In model is still alive: something retains it")
    }

    func test_TW7_dismissedFeed_leavesNoObserverOnIsLoggedIn() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        let observersOnLogIn = client.isLoggedIn.observerCount
        logIn(client)
        XCTAssertNotNil(coordinator.feedViewModel, "logged in, the coordinator should hold the feed's model")
        coordinator.feedViewModel?.viewDidLoad()
        clock.advance(by: 0.5)
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
            XCTAssertNotNil(feed, "logged in, the coordinator should hold the feed's model")
            feed?.viewDidLoad()
            clock.advance(by: 0.5)
            feeds.append { feed }
            client.logOut()
        }
        XCTAssertEqual(feeds.count, 3)
        XCTAssertTrue(feeds.allSatisfy { $0() == nil }, "every dismissed feed model should be deallocated")
    }
}

import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW3: routing follows isLoggedIn; a launch with a session goes straight to the feed.
///
/// The session is driven on the provided client itself (no Log In screen in between); route histories are asserted
/// whole, and with a UI scheduler that only runs when the test moves its clock, so a Log In that flashes before
/// the feed is seen.
final class TW3RoutingTests: HiddenTestCase {
    private let clock = TestScheduler()
    private var routes: [Route] = []
    private let bag = DisposeBag()

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(username: "alice", password: "secret", timeline: [tweet], latency: 0.5, scheduler: clock)
    }

    private func loggedInClient(file: StaticString = #filePath, line: UInt = #line) -> TwitterClient {
        let client = makeClient()
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value, "the provided client should be logged in", file: file, line: line)
        return client
    }

    private func record(_ route: ReadOnlyProperty<Route>) {
        route.observeNext { [weak self] in self?.routes.append($0) }.dispose(in: bag)
    }

    func test_TW3_launchAlreadyLoggedIn_firstRouteIsTheFeed_withNoLogInBefore() {
        let client = loggedInClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        record(coordinator.route)
        XCTAssertEqual(routes, [.feed])
        XCTAssertNotNil(coordinator.feedViewModel)
        XCTAssertNil(coordinator.logInViewModel)
    }

    func test_TW3_launchAlreadyLoggedIn_withADeferredUIScheduler_neverShowsLogIn() {
        let client = loggedInClient()
        let ui = TestScheduler()
        let coordinator = AppCoordinator(client: client, uiScheduler: ui)
        record(coordinator.route)
        XCTAssertEqual(routes, [.feed], "the first screen must be the feed before any UI work has run")
        XCTAssertNil(coordinator.logInViewModel, "no Log In screen model at launch with a session")
        ui.run()
        XCTAssertEqual(routes, [.feed], "running the UI work left from launch must not show Log In (or the feed again)")
        XCTAssertNotNil(coordinator.feedViewModel)
    }

    func test_TW3_launchLoggedOut_showsLogIn_thenTheFeedOnceLoggedIn() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        record(coordinator.route)
        XCTAssertEqual(routes, [.logIn])
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        XCTAssertEqual(routes, [.logIn, .feed])
        XCTAssertNotNil(coordinator.feedViewModel)
    }

    func test_TW3_isLoggedInBecomingFalse_showsLogIn() {
        let client = loggedInClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        record(coordinator.route)
        client.logOut()
        XCTAssertEqual(routes, [.feed, .logIn])
        XCTAssertNotNil(coordinator.logInViewModel)
    }

    func test_TW3_routerFollowsEveryTransitionOfIsLoggedIn() {
        let client = makeClient()
        let router = AppRouter(session: client, uiScheduler: ImmediateScheduler())
        record(router.route)
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        client.logOut()
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        XCTAssertEqual(routes, [.logIn, .feed, .logIn, .feed])
    }

    func test_TW3_routerWithADeferredUIScheduler_followsEachTransitionOnceItRuns() {
        let client = makeClient()
        let ui = TestScheduler()
        let router = AppRouter(session: client, uiScheduler: ui)
        record(router.route)
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        ui.run()
        XCTAssertEqual(routes, [.logIn, .feed])
        client.logOut()
        ui.run()
        XCTAssertEqual(routes, [.logIn, .feed, .logIn])
    }

    func test_TW3_routerWithChangesQueuedBeforeTheUIRuns_endsOnTheLatestState() {
        let client = makeClient()
        let ui = TestScheduler()
        let router = AppRouter(session: client, uiScheduler: ui)
        record(router.route)
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        client.logOut()
        // Logged in, then out, before any UI work ran: once it runs, the user is logged out.
        ui.run()
        XCTAssertEqual(router.route.value, .logIn, "routes seen: \(routes)")
        XCTAssertEqual(routes.last, .logIn, "routes seen: \(routes)")
    }

    func test_TW3_routerLaunchedWithASession_startsOnTheFeed() {
        let router = AppRouter(session: loggedInClient(), uiScheduler: ImmediateScheduler())
        record(router.route)
        XCTAssertEqual(routes, [.feed])
    }
}

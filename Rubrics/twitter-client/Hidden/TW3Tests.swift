import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW3: routing follows isLoggedIn; a launch with a session goes straight to the feed.
final class TW3RoutingTests: HiddenTestCase {
    private let scheduler = TestScheduler()
    private var routes: [Route] = []
    private let bag = DisposeBag()

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(
            username: "alice", password: "secret", timeline: [tweet], latency: 0.5, scheduler: scheduler)
    }

    private func loggedInClient() -> TwitterClient {
        let client = makeClient()
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value)
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

    func test_TW3_launchLoggedOut_showsLogIn_thenTheFeedOnceLoggedIn() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        record(coordinator.route)
        XCTAssertEqual(routes, [.logIn])
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.5)
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
        scheduler.advance(by: 0.5)
        client.logOut()
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.5)
        XCTAssertEqual(routes, [.logIn, .feed, .logIn, .feed])
    }

    func test_TW3_routerLaunchedWithASession_startsOnTheFeed() {
        let router = AppRouter(session: loggedInClient(), uiScheduler: ImmediateScheduler())
        record(router.route)
        XCTAssertEqual(routes, [.feed])
    }
}

import TwitterFeed
import XCTest

final class AppRouterTests: XCTestCase {
    func test_launchLoggedOut_routesToLogInOnly() {
        let router = AppRouter(session: FakeSession(), uiScheduler: ImmediateScheduler())
        XCTAssertEqual(Recorder(router.route).values, [.logIn])
    }

    func test_launchLoggedIn_goesStraightToTheFeed() {
        let router = AppRouter(session: FakeSession(isLoggedIn: true), uiScheduler: ImmediateScheduler())
        XCTAssertEqual(Recorder(router.route).values, [.feed])
    }

    func test_followsEveryChangeOfTheSession_ignoringRepeats() {
        let session = FakeSession()
        let router = AppRouter(session: session, uiScheduler: ImmediateScheduler())
        let routes = Recorder(router.route)
        session.loggedIn.value = false
        session.loggedIn.value = true
        session.loggedIn.value = true
        session.loggedIn.value = false
        XCTAssertEqual(routes.values, [.logIn, .feed, .logIn])
    }

    func test_changesArriveOnTheUIScheduler() {
        let session = FakeSession()
        let ui = TestScheduler()
        let router = AppRouter(session: session, uiScheduler: ui)
        session.loggedIn.value = true
        XCTAssertEqual(router.route.value, .logIn)
        ui.run()
        XCTAssertEqual(router.route.value, .feed)
    }

    func test_routeForSessionState() {
        XCTAssertEqual(AppRouter.route(isLoggedIn: true), .feed)
        XCTAssertEqual(AppRouter.route(isLoggedIn: false), .logIn)
    }
}

final class AppCoordinatorTests: XCTestCase {
    private let scheduler = TestScheduler()

    private func makeClient() -> TwitterClient {
        TwitterClient(
            accounts: [
                .init(username: "alice", password: "secret", timeline: [tweet("1", "jack", "for alice")]),
                .init(username: "bob", password: "hunter2", timeline: [tweet("2", "ev", "for bob")]),
            ], latency: 1, scheduler: scheduler)
    }

    func test_logInThenLogOut_showsEachScreenWithItsModel() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        let routes = Recorder(coordinator.route)
        XCTAssertNotNil(coordinator.logInViewModel)
        coordinator.logInViewModel?.usernameChanged("alice")
        coordinator.logInViewModel?.passwordChanged("secret")
        coordinator.logInViewModel?.logInButtonTapped()
        scheduler.run()
        XCTAssertNil(coordinator.logInViewModel)
        coordinator.feedViewModel?.viewDidLoad()
        scheduler.run()
        XCTAssertEqual(coordinator.feedViewModel?.cells.value.map(\.text), ["for alice"])
        coordinator.feedViewModel?.logOutButtonTapped()
        XCTAssertNil(coordinator.feedViewModel)
        XCTAssertEqual(routes.values, [.logIn, .feed, .logIn])
    }

    func test_aWrongPassword_keepsTheSameLogInScreen() {
        let coordinator = AppCoordinator(client: makeClient(), uiScheduler: ImmediateScheduler())
        let logIn = coordinator.logInViewModel
        logIn?.usernameChanged("alice")
        logIn?.passwordChanged("nope")
        logIn?.logInButtonTapped()
        scheduler.run()
        XCTAssertTrue(coordinator.logInViewModel === logIn)
        XCTAssertEqual(Recorder(coordinator.route).values, [.logIn])
    }

    func test_theDismissedFeedModel_isDeallocated() {
        let client = makeClient()
        client.logIn(username: "bob", password: "hunter2")
        scheduler.run()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        weak let feed = coordinator.feedViewModel
        feed?.viewDidLoad()
        client.logOut()
        XCTAssertNil(feed)
        XCTAssertEqual(coordinator.route.value, .logIn)
    }
}

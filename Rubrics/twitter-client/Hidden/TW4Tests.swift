import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW4: wrong credentials: nothing happens, Log In stays (the client publishes `false` again after a failed try).
///
/// The attempts go straight to the provided client, so these tests do not depend on the Log In screen model.
/// Whether Log In *stays* can only be seen where routing follows isLoggedIn, so they build on TW3 (declared in
/// rubric.json): each ends by checking that the right credentials do route, which an app that never routes fails.
final class TW4WrongCredentialsTests: HiddenTestCase {
    private let clock = TestScheduler()
    private var routes: [Route] = []
    private let bag = DisposeBag()

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(username: "alice", password: "secret", timeline: [tweet], latency: 0.5, scheduler: clock)
    }

    private func record(_ route: ReadOnlyProperty<Route>) {
        route.observeNext { [weak self] in self?.routes.append($0) }.dispose(in: bag)
    }

    private func attempt(_ username: String, _ password: String, on client: TwitterClient) {
        client.logIn(username: username, password: password)
        clock.advance(by: 1)
    }

    func test_TW4_wrongPassword_noRouteAtAll_thenTheRightOneShowsTheFeed() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        record(coordinator.route)
        attempt("alice", "wrong", on: client)
        XCTAssertEqual(routes, [.logIn], "a failed log-in must not route anywhere, not even to Log In again")
        XCTAssertNil(coordinator.feedViewModel)
        attempt("alice", "secret", on: client)
        XCTAssertEqual(routes, [.logIn, .feed])
    }

    func test_TW4_wrongCredentials_keepTheSameLogInScreenModel() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        let logIn = coordinator.logInViewModel
        XCTAssertNotNil(logIn, "launched logged out, the coordinator should hold the Log In screen's model")
        attempt("Alice", "secret", on: client)
        XCTAssertTrue(
            coordinator.logInViewModel === logIn, "Log In should stay: the same screen model, with what was typed")
        attempt("alice", "secret", on: client)
        XCTAssertEqual(coordinator.route.value, .feed, "the right credentials should still log in and route")
    }

    func test_TW4_severalFailedAttempts_neverRouteAgain() {
        let client = makeClient()
        let router = AppRouter(session: client, uiScheduler: ImmediateScheduler())
        record(router.route)
        for password in ["a", "b", "c"] {
            client.logIn(username: "alice", password: password)
        }
        clock.advance(by: 1)
        XCTAssertEqual(routes, [.logIn])
        attempt("alice", "secret", on: client)
        XCTAssertEqual(routes, [.logIn, .feed])
    }

    func test_TW4_aFailedAttemptAfterLogOut_leavesLogInAsItIs() {
        let client = makeClient()
        attempt("alice", "secret", on: client)
        let ui = TestScheduler()
        let router = AppRouter(session: client, uiScheduler: ui)
        record(router.route)
        client.logOut()
        ui.run()
        XCTAssertEqual(routes, [.feed, .logIn])
        attempt("alice", "oops", on: client)
        ui.run()
        XCTAssertEqual(routes, [.feed, .logIn], "the failed attempt must change nothing, even once the UI work runs")
    }
}

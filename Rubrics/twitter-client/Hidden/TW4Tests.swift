import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW4: wrong credentials: nothing happens, Log In stays (the client publishes `false` again after a failed try).
final class TW4WrongCredentialsTests: HiddenTestCase {
    private let scheduler = TestScheduler()
    private var routes: [Route] = []
    private let bag = DisposeBag()

    private func makeClient() -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(
            username: "alice", password: "secret", timeline: [tweet], latency: 0.5, scheduler: scheduler)
    }

    private func type(_ username: String, _ password: String, into model: LogInViewModel?) {
        model?.usernameChanged(username)
        model?.passwordChanged(password)
        model?.logInButtonTapped()
        scheduler.advance(by: 1)
    }

    func test_TW4_wrongPassword_leavesTheRouteOnLogIn_thenTheRightOneShowsTheFeed() {
        let coordinator = AppCoordinator(client: makeClient(), uiScheduler: ImmediateScheduler())
        coordinator.route.observeNext { [weak self] in self?.routes.append($0) }.dispose(in: bag)
        type("alice", "wrong", into: coordinator.logInViewModel)
        XCTAssertEqual(routes, [.logIn], "a failed log-in must not route anywhere, not even to Log In again")
        type("alice", "secret", into: coordinator.logInViewModel)
        XCTAssertEqual(routes, [.logIn, .feed])
    }

    func test_TW4_wrongCredentials_keepTheSameLogInScreenModel() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        let logIn = coordinator.logInViewModel
        XCTAssertNotNil(logIn)
        type("Alice", "secret", into: logIn)
        XCTAssertTrue(coordinator.logInViewModel === logIn, "Log In should stay, with what the user typed")
        XCTAssertFalse(client.isLoggedIn.value)
        logIn?.usernameChanged("alice")
        logIn?.logInButtonTapped()
        scheduler.advance(by: 1)
        XCTAssertEqual(coordinator.route.value, .feed, "fixing the username on the same screen should log in")
    }

    func test_TW4_severalFailedAttempts_neverRouteAgain() {
        let client = makeClient()
        let router = AppRouter(session: client, uiScheduler: ImmediateScheduler())
        router.route.observeNext { [weak self] in self?.routes.append($0) }.dispose(in: bag)
        for password in ["a", "b", "c"] {
            client.logIn(username: "alice", password: password)
        }
        scheduler.advance(by: 1)
        XCTAssertEqual(routes, [.logIn])
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 1)
        XCTAssertEqual(routes, [.logIn, .feed])
    }

    func test_TW4_afterAFailure_logInStaysEnabledAndARetryWorks() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        let logIn = coordinator.logInViewModel
        type("alice", "nope", into: logIn)
        XCTAssertEqual(logIn?.isLogInEnabled.value, true, "the button stays usable after a failed try")
        logIn?.passwordChanged("secret")
        logIn?.logInButtonTapped()
        scheduler.advance(by: 1)
        XCTAssertTrue(client.isLoggedIn.value)
        XCTAssertEqual(coordinator.route.value, .feed)
    }
}

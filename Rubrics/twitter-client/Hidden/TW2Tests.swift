import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW2: the Log In screen model logs in with exactly the entered credentials.
final class TW2LogInScreenTests: HiddenTestCase {
    private let scheduler = TestScheduler()

    private func makeClient(username: String = "alice", password: String = "secret") -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(
            username: username, password: password, timeline: [tweet], latency: 0.5, scheduler: scheduler)
    }

    func test_TW2_logInTapped_logsInWithExactlyTheEnteredCredentials() {
        let client = makeClient(username: "Alice Smith", password: " p@ss Wörd ")
        let model = LogInViewModel(session: client)
        model.usernameChanged("Alice Smith")
        model.passwordChanged(" p@ss Wörd ")
        model.logInButtonTapped()
        scheduler.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value, "logIn should get the username and password exactly as typed")
        XCTAssertEqual(client.currentUsername, "Alice Smith")
    }

    func test_TW2_logInTapped_usesTheLatestTextOfEachField() {
        let client = makeClient()
        let model = LogInViewModel(session: client)
        model.usernameChanged("a")
        model.usernameChanged("al")
        model.usernameChanged("alice")
        model.passwordChanged("sec")
        model.passwordChanged("secret")
        model.logInButtonTapped()
        scheduler.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value)
    }

    func test_TW2_nothingIsSentUntilLogInIsTapped() {
        let client = makeClient()
        let model = LogInViewModel(session: client)
        model.usernameChanged("alice")
        model.passwordChanged("secret")
        scheduler.advance(by: 5)
        XCTAssertFalse(client.isLoggedIn.value, "typing alone must not log in")
        model.logInButtonTapped()
        scheduler.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value)
    }

    func test_TW2_theCoordinatorsLogInScreen_logsInAndShowsTheFeed() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        guard let model = coordinator.logInViewModel else {
            return XCTFail("the coordinator should show Log In with its model when logged out")
        }
        model.usernameChanged("alice")
        model.passwordChanged("secret")
        model.logInButtonTapped()
        scheduler.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value)
        XCTAssertEqual(coordinator.route.value, .feed)
    }

    func test_TW2_isLogInEnabled_onlyWhileBothFieldsAreFilledIn() {
        let model = LogInViewModel(session: makeClient())
        var history: [Bool] = []
        let observation = model.isLogInEnabled.observeNext { history.append($0) }
        defer { observation.dispose() }
        model.usernameChanged("alice")
        model.passwordChanged("s")
        model.passwordChanged("secret")
        model.usernameChanged("")
        XCTAssertEqual(history.first, false)
        XCTAssertEqual(history.last, false)
        XCTAssertTrue(history.contains(true), "Log In should be enabled once both fields are filled in")
    }
}

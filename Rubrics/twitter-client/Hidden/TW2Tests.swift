import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW2: the Log In screen model logs in with exactly the entered credentials.
///
/// The screen model is made directly on the provided client (or a session that records calls): nothing here needs
/// routing, so a gap in another requirement costs none of these tests.
final class TW2LogInScreenTests: HiddenTestCase {
    /// A session that records what the screen asked of it.
    private final class RecordingSession: Session {
        let loggedIn = Property(false)
        private(set) var logInCalls: [String] = []

        var isLoggedIn: ReadOnlyProperty<Bool> { loggedIn.readOnly }
        func logIn(username: String, password: String) { logInCalls.append("\(username)|\(password)") }
        func logOut() { loggedIn.value = false }
    }

    private let clock = TestScheduler()

    private func makeClient(username: String = "alice", password: String = "secret") -> TwitterClient {
        let tweet = Tweet(id: "1", handle: "jack", text: "hello", date: Date(timeIntervalSince1970: 1_000))
        return TwitterClient(username: username, password: password, timeline: [tweet], latency: 0.5, scheduler: clock)
    }

    private func type(_ username: String, _ password: String, into model: LogInViewModel) {
        model.usernameChanged(username)
        model.passwordChanged(password)
    }

    func test_TW2_logInTapped_logsInWithExactlyTheEnteredCredentials() {
        let client = makeClient(username: "Alice Smith", password: " p@ss Wörd ")
        let model = LogInViewModel(session: client)
        type("Alice Smith", " p@ss Wörd ", into: model)
        model.logInButtonTapped()
        clock.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value, "logIn should get the username and password exactly as typed")
        XCTAssertEqual(client.currentUsername, "Alice Smith")
    }

    func test_TW2_logInTapped_passesTheFieldsOnUntouched_once() {
        let session = RecordingSession()
        let model = LogInViewModel(session: session)
        type(" Bob ", "PaSS word ", into: model)
        model.logInButtonTapped()
        XCTAssertEqual(
            session.logInCalls, [" Bob |PaSS word "],
            "one logIn per tap, with no trimming, case change or swapped fields")
    }

    func test_TW2_logInTapped_usesTheLatestTextOfEachField() {
        let session = RecordingSession()
        let model = LogInViewModel(session: session)
        model.usernameChanged("a")
        model.usernameChanged("al")
        model.usernameChanged("alice")
        model.passwordChanged("sec")
        model.passwordChanged("secret")
        model.logInButtonTapped()
        XCTAssertEqual(session.logInCalls, ["alice|secret"])
    }

    func test_TW2_nothingIsSentUntilLogInIsTapped() {
        let session = RecordingSession()
        let model = LogInViewModel(session: session)
        type("alice", "secret", into: model)
        XCTAssertEqual(session.logInCalls, [], "typing alone must not log in")
        model.logInButtonTapped()
        XCTAssertEqual(session.logInCalls, ["alice|secret"])
    }

    func test_TW2_isLogInEnabled_onlyWhileBothFieldsAreFilledIn() {
        let model = LogInViewModel(session: RecordingSession())
        var history: [Bool] = []
        let observation = model.isLogInEnabled.observeNext { history.append($0) }
        defer { observation.dispose() }
        model.usernameChanged("alice")
        model.passwordChanged("s")
        model.passwordChanged("secret")
        model.usernameChanged("")
        XCTAssertEqual(
            Histories.withoutRepeats(history), [false, true, false],
            "disabled while a field is empty, enabled once both are filled in, disabled when one is cleared")
    }

    func test_TW2_afterAFailedTry_logInStaysEnabled_andTheCorrectedTextLogsIn() {
        let client = makeClient()
        let model = LogInViewModel(session: client)
        type("alice", "nope", into: model)
        model.logInButtonTapped()
        clock.advance(by: 0.5)
        XCTAssertFalse(client.isLoggedIn.value)
        XCTAssertEqual(model.isLogInEnabled.value, true, "the button stays usable after a failed try")
        model.passwordChanged("secret")
        model.logInButtonTapped()
        clock.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value, "a retry with the corrected password should log in")
        XCTAssertEqual(client.currentUsername, "alice")
    }

    func test_TW2_theCoordinatorsLogInScreen_logsInTheInjectedClient() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        guard let model = coordinator.logInViewModel else {
            return XCTFail("launched logged out, the coordinator should hold the Log In screen's model")
        }
        type("alice", "secret", into: model)
        model.logInButtonTapped()
        clock.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value, "the Log In screen should log in through the client it was given")
    }
}

import TwitterFeed
import XCTest

final class LogInViewModelTests: XCTestCase {
    func test_logInButtonTapped_logsInWithExactlyTheTypedCredentials() {
        let session = FakeSession()
        let model = LogInViewModel(session: session)
        model.usernameChanged(" Alice ")
        model.passwordChanged("p@ss word")
        model.logInButtonTapped()
        XCTAssertEqual(session.logInCalls.map(\.username), [" Alice "])
        XCTAssertEqual(session.logInCalls.map(\.password), ["p@ss word"])
    }

    func test_logInButtonTapped_usesTheLatestText() {
        let session = FakeSession()
        let model = LogInViewModel(session: session)
        model.usernameChanged("a")
        model.usernameChanged("al")
        model.passwordChanged("x")
        model.passwordChanged("xy")
        model.logInButtonTapped()
        XCTAssertEqual(session.logInCalls.map(\.username), ["al"])
        XCTAssertEqual(session.logInCalls.map(\.password), ["xy"])
    }

    func test_isLogInEnabled_onlyWhileBothFieldsAreFilledIn() {
        let model = LogInViewModel(session: FakeSession())
        let enabled = Recorder(model.isLogInEnabled)
        model.usernameChanged("alice")
        model.passwordChanged("s")
        model.passwordChanged("se")
        model.usernameChanged("")
        XCTAssertEqual(enabled.values, [false, true, false])
    }

    func test_logInButtonTapped_withAnEmptyField_doesNotLogIn() {
        let session = FakeSession()
        let model = LogInViewModel(session: session)
        model.usernameChanged("alice")
        model.logInButtonTapped()
        XCTAssertTrue(session.logInCalls.isEmpty)
    }
}

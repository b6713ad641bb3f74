import TwitterFeed
import XCTest

/// Two sample tests to show the style we like: fakes passed in through `init`, outputs asserted over their whole
/// history. They fail until you fill in the TODOs. Add your own next to them, one file per type under test.
final class SampleTests: XCTestCase {
    /// A session the test drives by hand; records what the screen asked of it.
    private final class FakeSession: Session {
        let loggedIn = Property(false)
        var logInCalls: [String] = []

        var isLoggedIn: ReadOnlyProperty<Bool> { loggedIn.readOnly }
        func logIn(username: String, password: String) { logInCalls.append("\(username)/\(password)") }
        func logOut() { loggedIn.value = false }
    }

    func test_logInButtonTapped_logsInWithTheTypedCredentials() {
        let session = FakeSession()
        let model = LogInViewModel(session: session)
        model.usernameChanged("alice")
        model.passwordChanged("secret")
        model.logInButtonTapped()
        XCTAssertEqual(session.logInCalls, ["alice/secret"])
    }

    func test_routeFollowsTheSession() {
        let session = FakeSession()
        let router = AppRouter(session: session, uiScheduler: ImmediateScheduler())
        var routes: [Route] = []
        let observation = router.route.observeNext { routes.append($0) }
        defer { observation.dispose() }
        session.loggedIn.value = true
        session.loggedIn.value = false
        XCTAssertEqual(routes, [.logIn, .feed, .logIn])
    }
}

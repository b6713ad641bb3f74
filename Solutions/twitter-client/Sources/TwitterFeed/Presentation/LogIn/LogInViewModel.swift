/// The Log In screen: a username field, a password field and a "Log In" button.
///
/// Inputs are named after UI events; outputs after what the screen shows. The screen leaves once the
/// session's `isLoggedIn` becomes true (routing does that); with wrong credentials nothing happens.
public final class LogInViewModel {
    /// The screen's title.
    public let title = "Log In"
    /// Whether the "Log In" button can be tapped: both fields are filled in.
    public let isLogInEnabled: ReadOnlyProperty<Bool>

    private let session: Session
    private let logInEnabled = Property(false)
    private var username = ""
    private var password = ""

    /// A screen that logs in through `session`.
    public init(session: Session) {
        self.session = session
        isLogInEnabled = logInEnabled.readOnly
    }

    /// The username field's text changed.
    public func usernameChanged(_ text: String) {
        // BEGIN SOLUTION TW2: Keep the username as typed and update whether Log In is enabled.
        username = text
        updateLogInEnabled()
        // STUB:
        // END SOLUTION
    }

    /// The password field's text changed.
    public func passwordChanged(_ text: String) {
        // BEGIN SOLUTION TW2: Keep the password as typed and update whether Log In is enabled.
        password = text
        updateLogInEnabled()
        // STUB:
        // END SOLUTION
    }

    /// The "Log In" button was tapped: logs in with exactly what was typed (no trimming, no case change).
    public func logInButtonTapped() {
        // BEGIN SOLUTION TW2: Call the session's logIn with exactly the entered username and password.
        guard logInEnabled.value else { return }
        session.logIn(username: username, password: password)
        // STUB:
        // END SOLUTION
    }

    // BEGIN SOLUTION TW2: A helper that enables Log In once both fields are filled in.
    private func updateLogInEnabled() {
        let enabled = !username.isEmpty && !password.isEmpty
        if enabled != logInEnabled.value { logInEnabled.value = enabled }
    }
    // STUB:
    // END SOLUTION
}

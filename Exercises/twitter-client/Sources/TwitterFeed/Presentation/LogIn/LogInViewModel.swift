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
        // TODO(TW2): Keep the username as typed and update whether Log In is enabled.
    }

    /// The password field's text changed.
    public func passwordChanged(_ text: String) {
        // TODO(TW2): Keep the password as typed and update whether Log In is enabled.
    }

    /// The "Log In" button was tapped: logs in with exactly what was typed (no trimming, no case change).
    public func logInButtonTapped() {
        // TODO(TW2): Call the session's logIn with exactly the entered username and password.
    }

    // TODO(TW2): A helper that enables Log In once both fields are filled in.
}

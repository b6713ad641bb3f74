/// The session as the app's screens see it: who is logged in, logging in and out.
///
/// Screens depend on this, not on `TwitterClient`, so they can be tested with any session and the client can be
/// replaced by a real API later.
public protocol Session: AnyObject {
    /// Whether a user is logged in; observers get the current value first.
    var isLoggedIn: ReadOnlyProperty<Bool> { get }
    /// Tries to log in with exactly these credentials.
    func logIn(username: String, password: String)
    /// Ends the session.
    func logOut()
}

extension TwitterClient: Session {}

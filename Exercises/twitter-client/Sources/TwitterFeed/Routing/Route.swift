/// A screen the app can show.
public enum Route: Equatable, Hashable, Sendable {
    /// The Log In screen.
    case logIn
    /// The Tweet Feed screen.
    case feed
}

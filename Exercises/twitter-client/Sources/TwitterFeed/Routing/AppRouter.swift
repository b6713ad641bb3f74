/// Decides which screen the app shows, from the session: logged in → Tweet Feed, logged out → Log In.
///
/// `route` starts from the session's state when the router is made, so an app launched with a session goes
/// straight to the feed, with no Log In before it. Later changes arrive on the UI scheduler.
public final class AppRouter {
    /// The screen to show; observers get the current route first, then each change.
    public let route: ReadOnlyProperty<Route>

    private let current = Property(Route.logIn)
    private let ui: UIQueue
    private let bag = DisposeBag()

    /// A router following `session`, publishing changes on `uiScheduler`.
    public init(session: Session, uiScheduler: Scheduler) {
        ui = UIQueue(scheduler: uiScheduler)
        route = current.readOnly
        // TODO(TW3): Follow isLoggedIn: its current value picks the first route; each change, the next.
    }

    /// The screen for a session state.
    public static func route(isLoggedIn: Bool) -> Route {
        // TODO(TW3): Logged in → Tweet Feed; logged out → Log In.
        .logIn
    }

    private func show(_ route: Route) {
        // TODO(TW4): A repeated state (a failed log-in publishes `false` again) changes nothing.
        current.value = route
    }
}

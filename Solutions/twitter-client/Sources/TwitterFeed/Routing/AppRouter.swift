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
        // BEGIN SOLUTION TW3: Follow isLoggedIn: its current value picks the first route; each change, the next.
        var isFirstValue = true
        session.isLoggedIn.observeNext { [weak self] loggedIn in
            guard let self else { return }
            let route = Self.route(isLoggedIn: loggedIn)
            if isFirstValue {
                isFirstValue = false
                current.value = route
            } else {
                ui.perform { [weak self] in self?.show(route) }
            }
        }
        .dispose(in: bag)
        // STUB:
        // END SOLUTION
    }

    /// The screen for a session state.
    public static func route(isLoggedIn: Bool) -> Route {
        // BEGIN SOLUTION TW3: Logged in → Tweet Feed; logged out → Log In.
        isLoggedIn ? .feed : .logIn
        // STUB: .logIn
        // END SOLUTION
    }

    private func show(_ route: Route) {
        // BEGIN SOLUTION TW4: A repeated state (a failed log-in publishes `false` again) changes nothing.
        guard route != current.value else { return }
        // STUB:
        // END SOLUTION
        current.value = route
    }
}

import Foundation

/// The app's composition root: follows the router and makes the model of each screen it shows.
///
/// A UI layer observes `route` and binds the screen to `logInViewModel` or `feedViewModel`, whichever is set.
/// Only the current screen's model is kept: the one that goes away is released with its observers.
public final class AppCoordinator {
    /// The screen shown; observers get the current route first, then each change. The matching view model is
    /// set before the route is published.
    public let route: ReadOnlyProperty<Route>
    /// The Log In screen's model while `route` is `.logIn`.
    public private(set) var logInViewModel: LogInViewModel?
    /// The Tweet Feed screen's model while `route` is `.feed`.
    public private(set) var feedViewModel: FeedViewModel?

    private let session: Session
    private let timeline: TimelineLoading
    private let uiScheduler: Scheduler
    private let router: AppRouter
    private let current: Property<Route>
    private let bag = DisposeBag()

    /// A coordinator over `session` and `timeline`, changing UI state on `uiScheduler` (the main queue in the
    /// app).
    public init(session: Session, timeline: TimelineLoading, uiScheduler: Scheduler) {
        self.session = session
        self.timeline = timeline
        self.uiScheduler = uiScheduler
        router = AppRouter(session: session, uiScheduler: uiScheduler)
        current = Property(router.route.value)
        route = current.readOnly
        router.route.observeNext { [weak self] route in self?.show(route) }.dispose(in: bag)
    }

    /// A coordinator over `client`, changing UI state on the main queue unless told otherwise.
    public convenience init(client: TwitterClient, uiScheduler: Scheduler = QueueScheduler(queue: .main)) {
        self.init(session: client, timeline: client, uiScheduler: uiScheduler)
    }

    private func show(_ route: Route) {
        // TODO(TW7): Release the screen that goes away, so its model and its observers go with it.
        switch route {
        case .logIn:
            logInViewModel = LogInViewModel(session: session)
        case .feed:
            feedViewModel = FeedViewModel(timeline: timeline, session: session, uiScheduler: uiScheduler)
        }
        current.value = route
    }
}

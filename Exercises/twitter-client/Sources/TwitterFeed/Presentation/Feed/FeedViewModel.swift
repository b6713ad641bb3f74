/// The Tweet Feed screen: the logged-in user's timeline and a "Log Out" button in the navigation bar.
public final class FeedViewModel {
    /// The screen's title.
    public let title = "Tweets"
    /// The navigation bar button's title.
    public let logOutButtonTitle = "Log Out"
    /// One cell per tweet of the timeline, newest first; empty until loaded and once the session ends.
    public let cells: ReadOnlyProperty<[TweetCellModel]>
    /// Whether a timeline load is under way (an activity indicator).
    public let isLoading: ReadOnlyProperty<Bool>

    private let timeline: TimelineLoading
    private let session: Session
    private let ui: UIQueue
    private let bag = DisposeBag()
    private let cellsProperty = Property<[TweetCellModel]>([])
    private let loading = Property(false)
    /// The number of the latest load; answers to older ones (or from before a log out) are dropped.
    private var latestLoad = 0

    /// A feed that loads from `timeline`, logs out through `session` and changes its outputs on `uiScheduler`.
    public init(timeline: TimelineLoading, session: Session, uiScheduler: Scheduler) {
        self.timeline = timeline
        self.session = session
        ui = UIQueue(scheduler: uiScheduler)
        cells = cellsProperty.readOnly
        isLoading = loading.readOnly
        // TODO(TW6): When the session ends, drop the tweets shown and any answer still on its way.
    }

    /// The screen appeared for the first time: loads the timeline.
    public func viewDidLoad() {
        load()
    }

    /// The user pulled to refresh: loads the timeline again.
    public func refreshRequested() {
        load()
    }

    /// The "Log Out" button in the navigation bar was tapped.
    public func logOutButtonTapped() {
        // TODO(TW6): Log out through the session; routing then shows Log In.
    }

    private func load() {
        // TODO(TW5): Load the timeline and show one cell per tweet, in the order given.
    }

    // TODO(TW5): Show a load's tweets as cells (only the latest load's answer counts).

    // TODO(TW6): Forget the previous user's tweets and ignore loads they started.
}

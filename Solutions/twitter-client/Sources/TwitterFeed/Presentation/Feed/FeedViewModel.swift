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
        // BEGIN SOLUTION TW6: When the session ends, drop the tweets shown and any answer still on its way.
        session.isLoggedIn.observeNext { [weak self] loggedIn in
            guard !loggedIn else { return }
            self?.ui.perform { self?.sessionEnded() }
        }
        .dispose(in: bag)
        // STUB:
        // END SOLUTION
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
        // BEGIN SOLUTION TW6: Log out through the session; routing then shows Log In.
        session.logOut()
        // STUB:
        // END SOLUTION
    }

    private func load() {
        // BEGIN SOLUTION TW5: Load the timeline and show one cell per tweet, in the order given.
        latestLoad += 1
        let number = latestLoad
        loading.value = true
        timeline.loadTimeline { [weak self] result in
            self?.ui.perform { self?.show(result, ofLoad: number) }
        }
        // STUB:
        // END SOLUTION
    }

    // BEGIN SOLUTION TW5: Show a load's tweets as cells (only the latest load's answer counts).
    private func show(_ result: Result<[Tweet], TwitterClient.Error>, ofLoad number: Int) {
        guard number == latestLoad else { return }
        switch result {
        case .success(let tweets):
            cellsProperty.value = tweets.map(TweetCellModel.init(tweet:))
        case .failure:
            cellsProperty.value = []
        }
        loading.value = false
    }
    // STUB:
    // END SOLUTION

    // BEGIN SOLUTION TW6: Forget the previous user's tweets and ignore loads they started.
    private func sessionEnded() {
        latestLoad += 1
        if loading.value { loading.value = false }
        if !cellsProperty.value.isEmpty { cellsProperty.value = [] }
    }
    // STUB:
    // END SOLUTION
}

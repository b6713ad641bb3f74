import Foundation

/// The feed screen: a navigation title from the feed, a table of self-sizing rows with lazily loaded images,
/// and pull to refresh.
///
/// Inputs are named after UI events (`viewDidLoad()`, `refreshRequested()`, `rowsBecameVisible(_:)`,
/// `prefetchRequested(_:)`) and are called on the UI scheduler's queue; outputs are read-only properties that
/// change only on the UI scheduler. Loading the feed requests no image: a row's image is requested when the
/// row becomes visible or is prefetched.
public final class FeedViewModel {
    /// The navigation title: the feed's title once loaded, "" before.
    public let title: ReadOnlyProperty<String>
    /// What the screen shows as a whole.
    public let state: ReadOnlyProperty<FeedState>
    /// One model per row of the feed, in the feed's order; kept through a failed refresh.
    public let rows: ReadOnlyProperty<[FactRowModel]>
    /// Whether a refresh of shown rows is under way (the refresh control spins).
    public let isRefreshing: ReadOnlyProperty<Bool>
    /// The message of the latest failed refresh while rows stay shown; nil again once a load succeeds.
    public let refreshError: ReadOnlyProperty<String?>

    private let feedLoader: FeedLoading
    private let imageLoader: ImageLoading
    private let ui: UIQueue
    private let titleProperty = Property("")
    private let stateProperty = Property(FeedState.idle)
    private let rowsProperty = Property<[FactRowModel]>([])
    private let refreshingProperty = Property(false)
    private let refreshErrorProperty = Property<String?>(nil)
    /// Whether a feed load is on its way; read and written on the UI scheduler only.
    private var isLoading = false

    /// A screen that loads the feed with `feedLoader`, images with `imageLoader`, and changes its outputs on
    /// `uiScheduler` (`QueueScheduler(queue: .main)` in the app).
    public init(feedLoader: FeedLoading, imageLoader: ImageLoading, uiScheduler: Scheduler) {
        self.feedLoader = feedLoader
        self.imageLoader = imageLoader
        ui = UIQueue(scheduler: uiScheduler)
        title = titleProperty.readOnly
        state = stateProperty.readOnly
        rows = rowsProperty.readOnly
        isRefreshing = refreshingProperty.readOnly
        refreshError = refreshErrorProperty.readOnly
    }

    // MARK: Inputs

    /// The screen was loaded: loads the feed.
    public func viewDidLoad() {
        load()
    }

    /// The user pulled to refresh: loads the feed again, unless a load is already on its way.
    public func refreshRequested() {
        load()
    }

    /// The rows at `indices` came on screen: loads their images.
    public func rowsBecameVisible(_ indices: [Int]) {
        loadImages(at: indices)
    }

    /// The table expects to show the rows at `indices` soon: loads their images ahead.
    public func prefetchRequested(_ indices: [Int]) {
        loadImages(at: indices)
    }

    // MARK: Feed

    private func load() {
        // TODO(FF7): One feed request at a time: a refresh while a load is on its way starts nothing.
        isLoading = true
        if rowsProperty.value.isEmpty {
            stateProperty.value = .loading
        } else {
            refreshingProperty.value = true
        }
        feedLoader.loadFeed { [weak self] result in
            self?.ui.perform { self?.finishLoading(with: result) }
        }
    }

    private func finishLoading(with result: Result<Feed, FeedError>) {
        isLoading = false
        if refreshingProperty.value {
            refreshingProperty.value = false
        }
        switch result {
        case .success(let feed):
            show(feed)
        case .failure(let error):
            // TODO(FF7): A failed refresh keeps the rows shown and reports the error instead.
            rowsProperty.value = []
            stateProperty.value = .failed(message: error.message)
        }
    }

    private func show(_ feed: Feed) {
        // TODO(FF4): The navigation title is the feed's title.
        if refreshErrorProperty.value != nil {
            refreshErrorProperty.value = nil
        }
        rowsProperty.value = feed.rows.map(FactRowModel.init(row:))
        stateProperty.value = .loaded
    }

    // MARK: Images

    private func loadImages(at indices: [Int]) {
        // TODO(FF5): Request the image of each listed row that has a slot and no image yet.
    }

    // TODO(FF5): Show a loaded image in every row with its URL; a failed image keeps the placeholder.
}

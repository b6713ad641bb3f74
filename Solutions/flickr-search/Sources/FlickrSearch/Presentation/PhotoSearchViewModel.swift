import Foundation

/// The search screen: a debounced query and a grid of photos that grows a page at a time as the user scrolls.
///
/// Inputs: `queryChanged(_:)`, `willDisplayPhoto(at:)`. Outputs: `photos`, `isLoading`, `errorMessage`.
/// Typing "kittens" quickly makes one request for page 1; when the last photo is about to show, the next page
/// is requested and appended; a page is never requested twice (not while one is on its way, not once shown),
/// and none after the last. A new query starts again at page 1, and answers for the old one are dropped.
public final class PhotoSearchViewModel {
    public let photos: ReadOnlyProperty<[Photo]>
    public let isLoading: ReadOnlyProperty<Bool>
    /// The last error, as a sentence, or nil.
    public let errorMessage: ReadOnlyProperty<String?>

    private let photosProperty = Property<[Photo]>([])
    private let loadingProperty = Property(false)
    private let errorMessageProperty = Property<String?>(nil)
    private let service: PhotoSearching
    private let scheduler: Scheduler
    private let debounce: TimeInterval
    private var pendingSearch: CancellableTask?
    private var inFlight: CancellableTask?
    private var query = ""
    /// The last page shown and how many there are; 0 until page 1 has arrived.
    private var shownPage = 0
    private var pageCount = 0
    /// Bumped by every new query, so that an answer for an older one is dropped even if its cancel came late.
    private var generation = 0

    public init(service: PhotoSearching, scheduler: Scheduler, debounce: TimeInterval = 0.3) {
        self.service = service
        self.scheduler = scheduler
        self.debounce = debounce
        photos = photosProperty.readOnly
        isLoading = loadingProperty.readOnly
        errorMessage = errorMessageProperty.readOnly
    }

    /// The user edited the search text.
    public func queryChanged(_ text: String) {
        // BEGIN SOLUTION FL5: Reset paging and drop the old query's requests; empty → clear with no request; else search page 1 after the debounce, through the scheduler.
        query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        generation += 1
        pendingSearch?.cancel()
        pendingSearch = nil
        inFlight?.cancel()
        inFlight = nil
        shownPage = 0
        pageCount = 0
        guard !query.isEmpty else {
            loadingProperty.value = false
            errorMessageProperty.value = nil
            photosProperty.value = []
            return
        }
        pendingSearch = scheduler.schedule(after: debounce) { [weak self] in
            self?.pendingSearch = nil
            self?.load(page: 1)
        }
        // STUB:
        // END SOLUTION
    }

    /// The photo at `index` is about to be displayed: the last one brings the next page.
    public func willDisplayPhoto(at index: Int) {
        // BEGIN SOLUTION FL5: On the last photo, load the next page, unless one is on its way or the last page is shown.
        guard index >= photos.value.count - 1, inFlight == nil, shownPage > 0, shownPage < pageCount else { return }
        load(page: shownPage + 1)
        // STUB:
        // END SOLUTION
    }

    private func load(page: Int) {
        // BEGIN SOLUTION FL5: Remember which query this request is for.
        let generation = self.generation
        // STUB:
        // END SOLUTION
        loadingProperty.value = true
        inFlight = service.searchPhotos(matching: query, page: page) { [weak self] result in
            guard let self else { return }
            // BEGIN SOLUTION FL5: Drop an answer for an older query.
            guard generation == self.generation else { return }
            // STUB:
            // END SOLUTION
            self.inFlight = nil
            self.loadingProperty.value = false
            switch result {
            case .success(let found): self.show(found, page: page)
            case .failure(let error): self.errorMessageProperty.value = error.message
            }
        }
    }

    private func show(_ found: PhotosPage, page: Int) {
        errorMessageProperty.value = nil
        // BEGIN SOLUTION FL5: Remember the page shown and the page count; append a later page to the photos shown.
        shownPage = page
        pageCount = found.pages
        photosProperty.value = page == 1 ? found.photo : photosProperty.value + found.photo
        // STUB: photosProperty.value = found.photo
        // END SOLUTION
    }
}

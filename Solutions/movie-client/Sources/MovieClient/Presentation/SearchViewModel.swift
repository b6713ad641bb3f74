import Foundation

/// The search screen: debounced search as the user types.
///
/// Input: `queryChanged(_:)`. Outputs: `results` and `isSearching`. Typing "harry" quickly makes one request;
/// a new query cancels the search in flight; an empty query clears the results with no request; a response
/// for an older query never overwrites a newer one.
public final class SearchViewModel {
    public let results: ReadOnlyProperty<[Movie]>
    public let isSearching: ReadOnlyProperty<Bool>
    /// The last error, as a sentence, or nil.
    public let errorMessage: ReadOnlyProperty<String?>

    private let resultsProperty = Property<[Movie]>([])
    private let searchingProperty = Property(false)
    private let errorMessageProperty = Property<String?>(nil)
    private let service: MovieService
    private let scheduler: Scheduler
    private let debounce: TimeInterval
    private var pending: CancellableTask?
    private var inFlight: CancellableTask?
    private var latestQuery = ""

    public init(service: MovieService, scheduler: Scheduler, debounce: TimeInterval = 0.3) {
        self.service = service
        self.scheduler = scheduler
        self.debounce = debounce
        results = resultsProperty.readOnly
        isSearching = searchingProperty.readOnly
        errorMessage = errorMessageProperty.readOnly
    }

    public func queryChanged(_ text: String) {
        // BEGIN SOLUTION MC9: Debounce through the scheduler; cancel the pending and in-flight searches; empty → clear, no request.
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        latestQuery = query
        pending?.cancel()
        inFlight?.cancel()
        inFlight = nil
        guard !query.isEmpty else {
            searchingProperty.value = false
            resultsProperty.value = []
            return
        }
        pending = scheduler.schedule(after: debounce) { [weak self] in self?.search(query) }
        // STUB:
        // END SOLUTION
    }

    private func search(_ query: String) {
        searchingProperty.value = true
        inFlight = service.searchMovies(matching: query, page: 1) { [weak self] result in
            guard let self else { return }
            // BEGIN SOLUTION MC9: Drop a response for a query that is no longer the latest.
            guard query == self.latestQuery else { return }
            // STUB:
            // END SOLUTION
            self.searchingProperty.value = false
            switch result {
            case .success(let page):
                self.errorMessageProperty.value = nil
                self.resultsProperty.value = page.results
            case .failure(let error):
                self.errorMessageProperty.value = error.message
            }
        }
    }
}

import Foundation

/// What a list screen shows.
public enum ListState: Equatable {
    case idle
    case loading
    case loaded([Movie])
    case failed(message: String)
}

/// One category tab: loads its movies and turns them into cell models.
///
/// Inputs: `viewDidLoad()`, `refreshRequested()`. Outputs: `state`, `cells`, and the header `title`.
public final class MovieListViewModel {
    public let category: MovieCategory
    public let state: ReadOnlyProperty<ListState>
    public let cells: ReadOnlyProperty<[MovieCellModel]>

    private let stateProperty = Property(ListState.idle)
    private let cellsProperty = Property<[MovieCellModel]>([])
    private let service: MovieService
    private let imageLoader: ImageLoading
    private let configuration: TMDbConfiguration
    private var request: CancellableTask?
    /// The number of the latest load; an answer to an older one (a cancelled load answers too) is dropped.
    private var latestLoad = 0

    public init(
        category: MovieCategory, service: MovieService, imageLoader: ImageLoading, configuration: TMDbConfiguration
    ) {
        self.category = category
        self.service = service
        self.imageLoader = imageLoader
        self.configuration = configuration
        state = stateProperty.readOnly
        cells = cellsProperty.readOnly
    }

    /// The tab and header title.
    public var title: String { category.title }

    public func viewDidLoad() {
        load()
    }

    public func refreshRequested() {
        load()
    }

    private func load() {
        // BEGIN SOLUTION MC10: Go to loading, request the category, then loaded (with cell models) or failed(message).
        request?.cancel()
        latestLoad += 1
        let number = latestLoad
        stateProperty.value = .loading
        request = service.movies(in: category, page: 1) { [weak self] result in
            guard let self, number == self.latestLoad else { return }
            switch result {
            case .success(let page):
                self.cellsProperty.value = page.results.map {
                    MovieCellModel(movie: $0, imageLoader: self.imageLoader, configuration: self.configuration)
                }
                self.stateProperty.value = .loaded(page.results)
            case .failure(let error):
                self.stateProperty.value = .failed(message: error.message)
            }
        }
        // STUB:
        // END SOLUTION
    }
}

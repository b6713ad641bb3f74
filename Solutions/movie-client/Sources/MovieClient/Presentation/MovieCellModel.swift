import Foundation

/// What a movie cell shows for its poster.
public enum PosterState: Equatable {
    /// No poster, or it failed to load: the placeholder image.
    case placeholder
    case loading
    case image(Data)
}

/// A movie cell's model: title, overview and poster. Reused cells are rebound to another movie with `bind(_:)`,
/// which cancels the old poster load; a late result for the old movie never shows on the new one.
public final class MovieCellModel {
    public private(set) var movie: Movie
    public let title: Observable<String>
    public let overview: Observable<String>
    public let poster = Observable<PosterState>(.placeholder)

    private let imageLoader: ImageLoading
    private let configuration: TMDbConfiguration
    private var posterTask: CancellableTask?

    public init(movie: Movie, imageLoader: ImageLoading, configuration: TMDbConfiguration) {
        self.movie = movie
        self.imageLoader = imageLoader
        self.configuration = configuration
        title = Observable(movie.title)
        overview = Observable(movie.overview)
        loadPoster()
    }

    /// Shows another movie in this (reused) cell.
    public func bind(_ movie: Movie) {
        // BEGIN SOLUTION MC8: Cancel the old poster load, show the new movie, and load its poster.
        posterTask?.cancel()
        posterTask = nil
        self.movie = movie
        title.send(movie.title)
        overview.send(movie.overview)
        loadPoster()
        // STUB: self.movie = movie
        // END SOLUTION
    }

    private func loadPoster() {
        guard let url = configuration.posterURL(for: movie.posterPath) else {
            poster.send(.placeholder)
            return
        }
        poster.send(.loading)
        // BEGIN SOLUTION MC8: Remember which movie this load is for.
        let requested = movie.id
        // STUB:
        // END SOLUTION
        posterTask = imageLoader.loadImage(from: url) { [weak self] result in
            guard let self else { return }
            // BEGIN SOLUTION MC8: Ignore a result for a movie this cell no longer shows.
            guard self.movie.id == requested else { return }
            // STUB:
            // END SOLUTION
            switch result {
            case .success(let data): self.poster.send(.image(data))
            case .failure: self.poster.send(.placeholder)
            }
        }
    }
}

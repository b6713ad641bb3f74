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
    public let title: ReadOnlyProperty<String>
    public let overview: ReadOnlyProperty<String>
    public let poster: ReadOnlyProperty<PosterState>

    private let titleProperty: Property<String>
    private let overviewProperty: Property<String>
    private let posterProperty = Property(PosterState.placeholder)
    private let imageLoader: ImageLoading
    private let configuration: TMDbConfiguration
    private var posterTask: CancellableTask?

    public init(movie: Movie, imageLoader: ImageLoading, configuration: TMDbConfiguration) {
        self.movie = movie
        self.imageLoader = imageLoader
        self.configuration = configuration
        titleProperty = Property(movie.title)
        overviewProperty = Property(movie.overview)
        title = titleProperty.readOnly
        overview = overviewProperty.readOnly
        poster = posterProperty.readOnly
        loadPoster()
    }

    /// Shows another movie in this (reused) cell.
    public func bind(_ movie: Movie) {
        // BEGIN SOLUTION MC8: Cancel the old poster load, show the new movie, and load its poster.
        posterTask?.cancel()
        posterTask = nil
        self.movie = movie
        titleProperty.value = movie.title
        overviewProperty.value = movie.overview
        loadPoster()
        // STUB: self.movie = movie
        // END SOLUTION
    }

    private func loadPoster() {
        guard let url = configuration.posterURL(for: movie.posterPath) else {
            posterProperty.value = .placeholder
            return
        }
        posterProperty.value = .loading
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
            case .success(let data): self.posterProperty.value = .image(data)
            case .failure: self.posterProperty.value = .placeholder
            }
        }
    }
}

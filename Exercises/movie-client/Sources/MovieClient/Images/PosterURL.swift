import Foundation

extension TMDbConfiguration {
    /// The poster image URL for a movie's `poster_path`, or nil when it has none (the cell keeps its placeholder
    /// and makes no request): `https://image.tmdb.org/t/p/w600_and_h900_bestv2/abc.jpg`, never with `//`.
    public func posterURL(for posterPath: String?) -> URL? {
        // TODO(MC6): Join imageBaseURL and the poster path with exactly one slash; nil or empty → nil.
        return nil
    }
}

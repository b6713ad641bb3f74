import Foundation

/// The TMDb requests the app makes.
public enum TMDbEndpoint: Equatable {
    /// `GET /3/movie/{category}`
    case movies(MovieCategory, page: Int)
    /// `GET /3/search/movie?query=…`
    case search(query: String, page: Int)

    var path: String {
        switch self {
        case .movies(let category, _): return "/movie/\(category.rawValue)"
        case .search: return "/search/movie"
        }
    }

    /// The request URL, with the API key from `configuration` and the query percent-encoded so that the
    /// server receives exactly the text typed ("Harry Potter" → `Harry%20Potter`, "+" → `%2B`).
    public func url(configuration: TMDbConfiguration) -> URL {
        // TODO(MC2): Build the URL with URLComponents: base URL + path, api_key, page, and the query.
        return configuration.baseURL
    }
}

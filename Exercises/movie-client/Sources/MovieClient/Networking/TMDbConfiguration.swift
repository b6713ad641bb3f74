import Foundation

/// Where TMDb lives and the key to call it with. Comes from configuration (the environment, a plist), never
/// from the client logic.
public struct TMDbConfiguration: Equatable {
    public var apiKey: String
    public var baseURL: URL
    public var imageBaseURL: URL

    public init(
        apiKey: String,
        baseURL: URL = TMDbConfiguration.apiURL,
        imageBaseURL: URL = TMDbConfiguration.imagesURL
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.imageBaseURL = imageBaseURL
    }

    /// TMDb's API root.
    public static let apiURL = url("https://api.themoviedb.org/3")
    /// TMDb's poster images, at the size the list shows.
    public static let imagesURL = url("https://image.tmdb.org/t/p/w600_and_h900_bestv2")

    /// A URL from a literal known to be valid.
    static func url(_ literal: StaticString) -> URL {
        guard let url = URL(string: "\(literal)") else { preconditionFailure("invalid URL literal \(literal)") }
        return url
    }
}

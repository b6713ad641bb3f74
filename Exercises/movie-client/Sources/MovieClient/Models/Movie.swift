import Foundation

/// A movie as TMDb lists it.
public struct Movie: Decodable, Equatable {
    public var id: Int
    public var title: String
    public var overview: String
    /// `/abc.jpg`, or nil when TMDb has no poster.
    public var posterPath: String?
    /// `2001-11-16`, or nil when unknown (TMDb sends "").
    public var releaseDate: String?
    public var voteAverage: Double

    public init(
        id: Int, title: String, overview: String = "", posterPath: String? = nil, releaseDate: String? = nil,
        voteAverage: Double = 0
    ) {
        self.id = id
        self.title = title
        self.overview = overview
        self.posterPath = posterPath
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
    }

    enum CodingKeys: String, CodingKey {
        case id, title, overview
        case posterPath = "poster_path"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
    }

    public init(from decoder: Decoder) throws {
        // TODO(MC3): Decode id and title; overview, poster_path, release_date and vote_average may be missing or null.
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "TODO(MC3)"))
    }
}

/// One page of a TMDb list or search.
public struct MoviePage: Decodable, Equatable {
    public var page: Int
    public var totalPages: Int
    public var totalResults: Int
    public var results: [Movie]

    public init(page: Int = 1, totalPages: Int = 1, totalResults: Int? = nil, results: [Movie]) {
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults ?? results.count
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    /// Decodes a page from TMDb's JSON (snake_case keys; unknown keys ignored).
    public static func decode(from data: Data) throws -> MoviePage {
        try JSONDecoder().decode(MoviePage.self, from: data)
    }
}

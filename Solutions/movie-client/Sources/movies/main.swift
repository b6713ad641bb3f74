import Foundation
import MovieClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// swift run movies [now_playing|popular|top_rated|upcoming]   or   swift run movies search "Harry Potter"
// Offline on bundled fixture responses; with TMDB_API_KEY set, against the real TMDb API.

let arguments = Array(CommandLine.arguments.dropFirst())
let apiKey = ProcessInfo.processInfo.environment["TMDB_API_KEY"]
let configuration = TMDbConfiguration(apiKey: apiKey ?? "offline-demo")
let session: URLSession
if apiKey == nil {
    let offline = URLSessionConfiguration.ephemeral
    offline.protocolClasses = [FixtureURLProtocol.self]
    session = URLSession(configuration: offline)
    print("(offline: bundled fixture responses; set TMDB_API_KEY to call TMDb)")
} else {
    session = URLSession(configuration: .ephemeral)
}
let client = APIClient(session: session, configuration: configuration)

func show(_ result: Result<MoviePage, APIError>, heading: String) {
    switch result {
    case .success(let page):
        print("\(heading): \(page.totalResults) results, page \(page.page) of \(page.totalPages)")
        for movie in page.results.prefix(10) {
            let year = movie.releaseDate.map { " (\($0.prefix(4)))" } ?? ""
            let poster = configuration.posterURL(for: movie.posterPath)?.absoluteString ?? "no poster"
            print(String(format: "  %4.1f  ", movie.voteAverage) + movie.title + year + "  " + poster)
        }
    case .failure(let error):
        print("\(heading): \(error.message)")
    }
}

if arguments.first == "search" {
    let query = arguments.dropFirst().joined(separator: " ")
    print("GET \(TMDbEndpoint.search(query: query, page: 1).url(configuration: configuration))")
    client.searchMovies(matching: query, page: 1) { result in
        show(result, heading: "Search \"\(query)\"")
        exit(0)
    }
} else {
    let name = arguments.first ?? "popular"
    guard let category = MovieCategory(rawValue: name) else {
        print(
            "unknown category '\(name)'; use one of: \(MovieCategory.allCases.map(\.rawValue).joined(separator: ", "))")
        exit(2)
    }
    client.movies(in: category, page: 1) { result in
        show(result, heading: category.title)
        exit(0)
    }
}
dispatchMain()

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers TMDb requests from bundled fixtures, so the demo runs offline.
final class FixtureURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let path = request.url?.path ?? ""
        let body =
            path.hasSuffix("/search/movie")
            ? Fixtures.search : Fixtures.list(path.components(separatedBy: "/").last ?? "")
        if let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
        {
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
        }
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

enum Fixtures {
    static func list(_ category: String) -> String {
        let movies: [(Int, String, String, String?, String, Double)] = [
            (
                550, "Fight Club", "An insomniac office worker and a soap maker form an underground fight club.",
                "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", "1999-10-15", 8.4
            ),
            (
                13, "Forrest Gump", "A man with a low IQ has accomplished great things in his life.",
                "/arw2vcBveWOVZr6pxd9XTd1TdQa.jpg", "1994-06-23", 8.5
            ),
            (
                680, "Pulp Fiction", "The lives of two mob hitmen, a boxer and a pair of diner bandits intertwine.",
                "/d5iIlFn5s0ImszYzBPb8JPIfbXD.jpg", "1994-09-10", 8.5
            ),
            (603, "The Matrix", "A hacker learns the true nature of his reality.", nil, "", 8.2),
        ]
        let rotated = Array(
            movies.dropFirst(category.count % movies.count) + movies.prefix(category.count % movies.count))
        return page(rotated)
    }

    static let search = page([
        (
            671, "Harry Potter and the Philosopher's Stone", "Harry learns he is a wizard.",
            "/wuMc08IPKEatf9rnMNXvIDxqP4W.jpg", "2001-11-16", 7.9
        ),
        (
            672, "Harry Potter and the Chamber of Secrets", "Ignoring threats, Harry returns to Hogwarts.",
            "/sdEOH0992YZ0QSxgXNIGLq1ToUi.jpg", "2002-11-13", 7.7
        ),
    ])

    static func page(_ movies: [(Int, String, String, String?, String, Double)]) -> String {
        let results = movies.map { id, title, overview, poster, date, vote in
            let posterJSON = poster.map { "\"\($0)\"" } ?? "null"
            return """
                {"id": \(id), "title": "\(title)", "overview": "\(overview)", "poster_path": \(posterJSON), \
                "release_date": "\(date)", "vote_average": \(vote), "adult": false}
                """
        }
        return """
            {"page": 1, "total_pages": 1, "total_results": \(movies.count), "results": [\(results.joined(separator: ", "))]}
            """
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers Flickr requests from bundled fixtures, so the demo runs offline: any query has 57 photos over pages
/// of `per_page`; an unknown method gets Flickr's own failure body.
final class FixtureURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let items = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems ?? []
        let value = { (name: String) in items.first { $0.name == name }?.value }
        let body = Fixtures.answer(
            method: value("method") ?? "", text: value("text") ?? "", page: Int(value("page") ?? "") ?? 1,
            perPage: Int(value("per_page") ?? "") ?? 100)
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
    static let total = 57
    static let adjectives = ["Sleepy", "Curious", "Tiny", "Fluffy", "Grumpy", "Playful", "Brave", "Quiet"]
    static let places = ["on the sofa", "in the garden", "at the window", "in a box", "in the snow", "at dusk"]

    static func answer(method: String, text: String, page: Int, perPage: Int) -> String {
        let subject: String
        switch method {
        case "flickr.photos.search": subject = text
        case "flickr.photos.getRecent": subject = "recent upload"
        default: return #"{"stat": "fail", "code": 112, "message": "Method \"\#(method)\" not found"}"#
        }
        let size = max(1, min(perPage, 500))
        let pages = (total + size - 1) / size
        let first = (page - 1) * size
        let indexes = page >= 1 && first < total ? Array(first..<min(first + size, total)) : []
        let seed = subject.unicodeScalars.reduce(0) { ($0 * 31 + Int($1.value)) % 100_000 }
        let photos = indexes.map { index -> String in
            let title = "\(adjectives[index % adjectives.count]) \(subject) \(places[index % places.count])"
            let id = String(53_000_000_000 + seed * 1_000 + index)
            let secret = String(String((seed + index) * 2_654_435_761 % 4_294_967_296, radix: 16).suffix(10))
            return """
                {"id": "\(id)", "owner": "1234\(index)@N0\(index % 9)", "secret": "\(secret)", "server": "65535", \
                "farm": 66, "title": "\(title)", "ispublic": 1, "isfriend": 0, "isfamily": 0}
                """
        }
        // flickr.photos.search sends `total` as a number, flickr.photos.getRecent as a string.
        let totalJSON = method == "flickr.photos.search" ? "\(total)" : "\"\(total)\""
        return """
            {"photos": {"page": \(page), "pages": \(pages), "perpage": \(size), "total": \(totalJSON), \
            "photo": [\(photos.joined(separator: ", "))]}, "stat": "ok"}
            """
    }
}

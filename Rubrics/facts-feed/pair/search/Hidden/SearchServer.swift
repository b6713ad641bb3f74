import Foundation
import GraderTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stand-in for the feed's server, for the search task (no import of the exercise module: a bent API must
/// not break every requirement's tests at once). The feed URL answers with `feed`; any other URL is an image
/// whose bytes are its URL.
final class SearchServer {
    static let feedURL = URL(string: "https://feeds.example.com/facts.json") ?? URL(fileURLWithPath: "/")

    static let firstFeed = #"""
        {"title": "About Canada", "rows": [
        {"title": "Beavers", "description": "Beavers build dams.", "imageHref": "https://images.example.com/beaver.jpg"},
        {"title": "Québec", "description": "The only walled city north of Mexico.", "imageHref": "https://images.example.com/quebec.jpg"},
        {"title": "Flag", "description": null, "imageHref": "https://images.example.com/flag.png"},
        {"title": "Montréal", "description": "Café culture on the Plateau.", "imageHref": "https://images.example.com/montreal.jpg"},
        {"title": "Hockey Night in Canada", "description": "Saturday nights on CBC since 1931.", "imageHref": "https://images.example.com/hockey.jpg"},
        {"title": "Eh", "description": "A chiefly Canadian interrogative utterance.", "imageHref": null},
        {"title": null, "description": null, "imageHref": null}
        ]}
        """#
    /// The rows `firstFeed` shows (a row with every field null is no row).
    static let firstTitles: [String?] = ["Beavers", "Québec", "Flag", "Montréal", "Hockey Night in Canada", "Eh"]

    static let secondFeed = #"""
        {"title": "About Canada", "rows": [
        {"title": "Hockey Night in Canada", "description": "Saturday nights on CBC since 1931.", "imageHref": "https://images.example.com/hockey.jpg"},
        {"title": "Poutine", "description": "Fries, cheese curds and gravy.", "imageHref": null},
        {"title": "Hockey Hall of Fame", "description": "In Toronto.", "imageHref": "https://images.example.com/hall.jpg"}
        ]}
        """#

    let transport: StubTransport
    private let text: Locked

    init() {
        let text = Locked(SearchServer.firstFeed)
        self.text = text
        transport = StubTransport { request in
            guard let url = request.url else { return .failure(.badURL) }
            guard url == SearchServer.feedURL else { return .http(status: 200, body: Data(url.absoluteString.utf8)) }
            return .json(text.value)
        }
    }

    /// The feed the next load gets.
    var feed: String {
        get { text.value }
        set { text.value = newValue }
    }

    /// The image files requested so far, in order.
    var imageRequests: [String] {
        transport.requests.compactMap(\.url).filter { $0 != SearchServer.feedURL }.map(\.lastPathComponent)
    }

    private final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: String

        init(_ value: String) { stored = value }

        var value: String {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}

/// Runs the main run loop until `condition` holds (true) or `timeout` passes (false).
func searchWait(timeout: TimeInterval = 2, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        RunLoop.main.run(until: Date().addingTimeInterval(0.002))
    }
    return true
}

/// Runs the main run loop for `seconds`, so that a request that should not happen shows up.
func searchSettle(_ seconds: TimeInterval = 0.1) {
    _ = searchWait(timeout: seconds) { false }
}

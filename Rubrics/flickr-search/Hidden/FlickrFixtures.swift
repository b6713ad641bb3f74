import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Flickr response bodies and waiting helpers shared by the hidden tests. No import of the exercise module: a
/// bent API must not break every requirement's tests at once.
enum FlickrFixtures {
    /// Page 2 of 62 of a search, `total` as a number, with Flickr's extra keys.
    static let searchPage = """
        {"photos": {"page": 2, "pages": 62, "perpage": 20, "total": 1234, "photo": [
          {"id": "53012345678", "owner": "12345678@N00", "secret": "a1b2c3d4e5", "server": "65535", "farm": 66,
           "title": "Sleepy kitten", "ispublic": 1, "isfriend": 0, "isfamily": 0},
          {"id": "53012345679", "owner": "87654321@N01", "secret": "f6e5d4c3b2", "server": "7372", "farm": 8,
           "title": "", "ispublic": 1, "isfriend": 0, "isfamily": 0}
        ]}, "stat": "ok"}
        """

    /// A page whose `total` is `totalJSON` (`"57"` or `57`).
    static func page(totalJSON: String) -> String {
        """
        {"photos": {"page": 1, "pages": 3, "perpage": 20, "total": \(totalJSON), "photo": [
          {"id": "1", "owner": "o", "secret": "s", "server": "2", "farm": 3, "title": "One"}]}, "stat": "ok"}
        """
    }

    /// Flickr's failure body: status 200, `stat` "fail".
    static let invalidKey = #"{"stat": "fail", "code": 100, "message": "Invalid API Key (Key has invalid format)"}"#

    /// The query items of `url` as Foundation parses them, in order.
    static func queryItems(_ url: URL?) -> [String] {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        return (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }
    }

    /// Query items by name (the first of each).
    static func dictionary(_ items: [URLQueryItem]) -> [String: String] {
        Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }
}

extension XCTestCase {
    /// Runs the main run loop until `condition` holds; fails the test, saying what it waited for, after `timeout`.
    func waitUntil(_ what: String, timeout: TimeInterval = 2, _ condition: @escaping () -> Bool) {
        let met = expectation(for: NSPredicate { _, _ in condition() }, evaluatedWith: nil)
        met.expectationDescription = what
        wait(for: [met], timeout: timeout)
    }
}

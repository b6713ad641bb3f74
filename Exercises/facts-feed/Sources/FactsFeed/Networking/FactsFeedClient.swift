import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads the feed. The screen model depends on this seam, not on URLSession, so tests can answer at will.
public protocol FeedLoading: AnyObject {
    /// Starts loading the feed; `completion` runs once, on any thread.
    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void)
}

/// Fetches the feed from a URL with an injected `URLSession` and decodes it with `FeedDecoder`.
///
/// Nothing runs on the caller's thread beyond starting the task: the answer is decoded on the session's
/// delegate queue and `completion` runs there.
public final class FactsFeedClient: FeedLoading {
    /// The public address of the "About Canada" feed.
    public static var defaultURL: URL {
        guard let url = URL(string: "https://dl.dropboxusercontent.com/s/2iodh4vg0eortkl/facts.json") else {
            preconditionFailure("the default feed address is a valid URL")
        }
        return url
    }

    /// The feed's address.
    public let url: URL
    private let session: URLSession
    private let decoder: FeedDecoder

    /// A client that GETs `url` with `session`.
    public init(session: URLSession, url: URL = FactsFeedClient.defaultURL, decoder: FeedDecoder = FeedDecoder()) {
        self.session = session
        self.decoder = decoder
        // TODO(FF9): Keep the injected URL: tests, staging and the demo point the client elsewhere.
        self.url = Self.defaultURL
    }

    public func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        // TODO(FF1): GET `url` with the injected session; turn the answer into a result with `feedResult`.
    }

    /// The feed, or why there is none, from what a data task delivered.
    static func feedResult(data: Data?, response: URLResponse?, error: Error?, decoder: FeedDecoder) -> Result<
        Feed, FeedError
    > {
        if let error {
            return .failure(.transport(error.localizedDescription))
        }
        // TODO(FF10): A status outside 200–299 is an error with that status; its body is not decoded.
        // TODO(FF10): Bytes that are not the feed's JSON are an error with a message, never a crash.
        return .success((try? decoder.decode(data ?? Data())) ?? Feed(title: "", rows: []))
    }

    /// A short description of a decoding failure, for the error message.
    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.underlyingError == nil && !context.codingPath.isEmpty
                ? "a value is malformed at \(path(context.codingPath))" : "it is not valid JSON"
        case DecodingError.keyNotFound(let key, let context):
            return "\"\(key.stringValue)\" is missing at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "an unexpected value at \(path(context.codingPath))"
        default:
            return "it is not the feed's JSON"
        }
    }

    private static func path(_ codingPath: [CodingKey]) -> String {
        let parts = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        return parts.isEmpty ? "the top level" : "feed" + parts.joined()
    }
}

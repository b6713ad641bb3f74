import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What went wrong with a request, one case per kind of failure.
public enum NetworkError: Error, Equatable {
    /// The endpoint's parts do not make a URL (a path without its leading "/", say); nothing was sent.
    case invalidURL
    /// The request never got an answer (offline, timed out, cancelled).
    case transport(URLError.Code)
    /// A non-2xx answer.
    case http(status: Int)
    /// Flickr answered `{"stat": "fail", "code": 100, "message": "Invalid API Key (Key has invalid format)"}`.
    case api(code: Int, message: String)
    /// The body was not the JSON expected.
    case decoding(String)

    /// A sentence for the screen.
    public var message: String {
        switch self {
        case .invalidURL: return "The request could not be made."
        case .transport(let code): return code == .notConnectedToInternet ? "You are offline." : "The request failed."
        case .http(let status): return "The server answered with status \(status)."
        case .api(_, let message): return message
        case .decoding: return "The server's answer could not be read."
        }
    }
}

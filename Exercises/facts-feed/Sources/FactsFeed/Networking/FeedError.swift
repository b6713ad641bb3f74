import Foundation

/// Why the feed or an image could not be loaded.
public enum FeedError: Error, Equatable {
    /// The request never got an answer (offline, timed out, cancelled): the system's description.
    case transport(String)
    /// The server answered with a status outside 200–299.
    case http(status: Int)
    /// The answer was not the feed's JSON (or not an image): what was wrong with it.
    case invalidResponse(String)

    /// A sentence for the user, e.g. in an alert.
    public var message: String {
        switch self {
        case .transport(let description):
            return "Could not reach the server: \(description)"
        case .http(let status):
            return "The server answered with status \(status)."
        case .invalidResponse(let description):
            return "The feed could not be read: \(description)"
        }
    }
}

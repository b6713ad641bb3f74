import Foundation

/// The HTTP methods the app uses.
public enum HTTPMethod: String, Equatable {
    case get = "GET"
    case post = "POST"
}

/// One request the app can make, described by its parts; `NetworkEngine` turns it into a URLRequest with
/// URLComponents. An API is an enum of endpoints (`FlickrEndpoint`); a new request is a new case.
public protocol Endpoint {
    /// `https` unless said otherwise.
    var scheme: String { get }
    /// The host: `api.flickr.com`.
    var baseURL: String { get }
    /// The path, with its leading slash: `/services/rest/`.
    var path: String { get }
    /// The query items, values as typed (URLComponents percent-encodes them).
    var parameters: [URLQueryItem] { get }
    /// `GET` unless said otherwise.
    var method: HTTPMethod { get }
}

extension Endpoint {
    public var scheme: String {
        // TODO(FL1): Endpoints use https unless they say otherwise.
        ""
    }

    public var parameters: [URLQueryItem] { [] }

    public var method: HTTPMethod { .get }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What went wrong with a TMDb request.
public enum APIError: Error, Equatable {
    /// A non-2xx answer, with TMDb's `status_message` when it sent one.
    case http(status: Int, message: String?)
    /// The body was not the JSON expected.
    case decoding(String)
    /// The request never got an answer (offline, timed out, cancelled).
    case transport(URLError.Code)

    /// A sentence for the screen.
    public var message: String {
        switch self {
        case .http(let status, let message): return message ?? "The server answered with status \(status)."
        case .decoding: return "The server's answer could not be read."
        case .transport(let code): return code == .notConnectedToInternet ? "You are offline." : "The request failed."
        }
    }
}

/// The movie lists and search, as the screens need them. `APIClient` is the live one; tests pass fakes.
public protocol MovieService {
    @discardableResult
    func movies(
        in category: MovieCategory, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void
    ) -> CancellableTask

    @discardableResult
    func searchMovies(
        matching query: String, page: Int, completion: @escaping (Result<MoviePage, APIError>) -> Void
    ) -> CancellableTask
}

/// TMDb over an injected URLSession: a small generic engine that requests an endpoint, maps errors, decodes
/// off the main thread, and delivers on `callbackQueue` (the main queue).
public final class APIClient: MovieService {
    private let session: URLSession
    private let configuration: TMDbConfiguration
    private let callbackQueue: DispatchQueue

    public init(session: URLSession, configuration: TMDbConfiguration, callbackQueue: DispatchQueue = .main) {
        self.session = session
        self.configuration = configuration
        self.callbackQueue = callbackQueue
    }

    @discardableResult
    public func movies(
        in category: MovieCategory, page: Int = 1, completion: @escaping (Result<MoviePage, APIError>) -> Void
    ) -> CancellableTask {
        request(.movies(category, page: page), decode: MoviePage.decode(from:), completion: completion)
    }

    @discardableResult
    public func searchMovies(
        matching query: String, page: Int = 1, completion: @escaping (Result<MoviePage, APIError>) -> Void
    ) -> CancellableTask {
        request(.search(query: query, page: page), decode: MoviePage.decode(from:), completion: completion)
    }

    /// Requests `endpoint` and decodes its body with `decode`, on URLSession's queue; delivers on `callbackQueue`.
    @discardableResult
    public func request<T>(
        _ endpoint: TMDbEndpoint, decode: @escaping (Data) throws -> T,
        completion: @escaping (Result<T, APIError>) -> Void
    ) -> CancellableTask {
        // BEGIN SOLUTION MC5: Keep the callback queue for the completion.
        let queue = callbackQueue
        // STUB:
        // END SOLUTION
        let task = session.dataTask(with: endpoint.url(configuration: configuration)) { data, response, error in
            let result = Self.result(data: data, response: response, error: error, decode: decode)
            // BEGIN SOLUTION MC5: Deliver the result on the callback queue (the main queue), never on URLSession's.
            queue.async { completion(result) }
            // STUB: completion(result)
            // END SOLUTION
        }
        task.resume()
        return task
    }

    /// The outcome of one response: a transport error, an HTTP error (with TMDb's message), or the decoded body.
    static func result<T>(
        data: Data?, response: URLResponse?, error: Error?, decode: (Data) throws -> T
    ) -> Result<T, APIError> {
        // BEGIN SOLUTION MC4: Map transport errors, non-2xx statuses (with TMDb's status_message) and decoding errors.
        if let error {
            return .failure(.transport((error as? URLError)?.code ?? .unknown))
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            let body = data.flatMap { try? JSONDecoder().decode(TMDbErrorBody.self, from: $0) }
            return .failure(.http(status: http.statusCode, message: body?.statusMessage))
        }
        // STUB:
        // END SOLUTION
        do {
            return .success(try decode(data ?? Data()))
        } catch {
            return .failure(.decoding(String(describing: error)))
        }
    }
}

/// TMDb's error body: `{"status_code": 7, "status_message": "Invalid API key: …"}`.
struct TMDbErrorBody: Decodable {
    var statusCode: Int?
    var statusMessage: String?

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small generic engine over an injected URLSession: builds the request of any `Endpoint` with URLComponents,
/// sends it, maps each kind of failure to its own `NetworkError`, and decodes the body off the main thread.
/// Completions arrive on `callbackQueue` (the main queue); the `async` twin returns wherever it is awaited.
public final class NetworkEngine {
    private let session: URLSession
    private let callbackQueue: DispatchQueue

    public init(session: URLSession, callbackQueue: DispatchQueue = .main) {
        self.session = session
        self.callbackQueue = callbackQueue
    }

    /// Requests `endpoint` and decodes its body as `T`; `completion` runs on the callback queue (main).
    @discardableResult
    public func request<T: Decodable>(
        endpoint: any Endpoint, completion: @escaping (Result<T, NetworkError>) -> Void
    ) -> CancellableTask {
        // TODO(FL2): Keep the callback queue for the completion.
        return perform(endpoint) { (result: Result<T, NetworkError>) in
            // TODO(FL2): Deliver the result on the callback queue (the main queue), never on URLSession's.
            completion(result)
        }
    }

    /// Requests `endpoint` and decodes its body as `T`; throws a `NetworkError`. Cancelling the calling task
    /// cancels the request.
    public func request<T: Decodable>(endpoint: any Endpoint) async throws -> T {
        let request = PendingRequest()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                request.start {
                    self.perform(endpoint) { (result: Result<T, NetworkError>) in continuation.resume(with: result) }
                }
            }
        } onCancel: {
            request.cancel()
        }
    }

    /// The URLRequest of `endpoint`, built with URLComponents; nil when its parts make no URL.
    public static func urlRequest(for endpoint: any Endpoint) -> URLRequest? {
        // TODO(FL2): Build the URL with URLComponents from scheme, baseURL, path and parameters; nil when it makes no URL. Set the HTTP method.
        return nil
    }

    /// Sends `endpoint` and hands the outcome to `deliver` on URLSession's queue.
    private func perform<T: Decodable>(
        _ endpoint: any Endpoint, deliver: @escaping (Result<T, NetworkError>) -> Void
    ) -> CancellableTask {
        // TODO(FL2): No URL → invalidURL without a request; else run a data task and turn its answer into a result there, off the main thread.
        deliver(.failure(.transport(.unknown)))
        return BlockTask()
    }

    /// The outcome of one answer: a transport error, an HTTP error, Flickr's own error, or the decoded body.
    static func result<T: Decodable>(data: Data?, response: URLResponse?, error: Error?) -> Result<T, NetworkError> {
        // TODO(FL2): Map transport errors and non-2xx statuses, each to its own case.
        do {
            return .success(try FlickrDecoder.decode(T.self, from: data ?? Data()))
        } catch let error as NetworkError {
            return .failure(error)
        } catch {
            return .failure(.decoding(String(describing: error)))
        }
    }
}

/// The task of an `async` request, started once and cancellable from any thread, even before it starts.
private final class PendingRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var task: CancellableTask?
    private var isCancelled = false

    func start(_ makeTask: () -> CancellableTask) {
        let task = makeTask()
        let cancelNow = lock.withLock { () -> Bool in
            self.task = task
            return isCancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock { () -> CancellableTask? in
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads image bytes (a UIKit layer turns them into a UIImage).
public protocol ImageLoading: AnyObject {
    @discardableResult
    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask
}

/// Why an image did not load.
public enum ImageLoadingError: Error, Equatable {
    case http(status: Int)
    case transport(URLError.Code)
    case empty
}

/// Loads images over an injected URLSession, asynchronously, with an in-memory cache (NSCache with a cost
/// limit): a cached image is served with no request; concurrent requests for one URL make one fetch; a failed
/// load is not cached. Completions arrive on the main queue.
public final class ImageLoader: ImageLoading {
    private let session: URLSession
    private let cache = NSCache<NSURL, NSData>()
    private let callbackQueue: DispatchQueue
    private let lock = NSLock()
    private var waiting: [URL: [UUID: (Result<Data, Error>) -> Void]] = [:]

    /// `costLimit` is in bytes of image data kept in memory.
    public init(session: URLSession, costLimit: Int = 50 << 20, callbackQueue: DispatchQueue = .main) {
        self.session = session
        self.callbackQueue = callbackQueue
        cache.totalCostLimit = costLimit
    }

    @discardableResult
    public func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        // TODO(FL6): Serve from the cache; join a fetch in flight for the same URL; otherwise fetch, cache and tell every waiter.
        callbackQueue.async { completion(.failure(ImageLoadingError.empty)) }
        return BlockTask()
    }

    private func finish(_ url: URL, _ result: Result<Data, Error>) {
        if case .success(let data) = result {
            cache.setObject(data as NSData, forKey: url as NSURL, cost: data.count)
        }
        let waiters = lock.withLock { waiting.removeValue(forKey: url) ?? [:] }
        callbackQueue.async {
            for completion in waiters.values { completion(result) }
        }
    }

    static func result(data: Data?, response: URLResponse?, error: Error?) -> Result<Data, Error> {
        if let error { return .failure(ImageLoadingError.transport((error as? URLError)?.code ?? .unknown)) }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            return .failure(ImageLoadingError.http(status: http.statusCode))
        }
        guard let data, !data.isEmpty else { return .failure(ImageLoadingError.empty) }
        return .success(data)
    }
}

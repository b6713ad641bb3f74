import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads row images. The screen model depends on this seam.
public protocol ImageLoading: AnyObject {
    /// Loads the image at `url`; `completion` runs once, on any thread (at once when the image is cached).
    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void)
}

/// Loads images with an injected `URLSession` into an injected `ImageCache`: a cached image is served with no
/// request, and callers asking for a URL already on its way share that one request.
public final class ImageLoader: ImageLoading {
    private let session: URLSession
    private let cache: ImageCache
    private let lock = NSLock()
    /// The callers waiting for each URL in flight.
    private var waiting: [URL: [(Result<Data, FeedError>) -> Void]] = [:]

    /// A loader that fetches with `session` and keeps images in `cache`.
    public init(session: URLSession, cache: ImageCache) {
        self.session = session
        // BEGIN SOLUTION FF9: Keep the injected cache: the app decides its limits, tests inspect it.
        self.cache = cache
        // STUB: self.cache = ImageCache()
        // END SOLUTION
    }

    public func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {
        // BEGIN SOLUTION FF5: Serve cached images at once; one request per URL in flight, shared by every caller.
        if let cached = cache.image(for: url) {
            completion(.success(cached))
            return
        }
        let isFirst = lock.withLock { () -> Bool in
            let callers = waiting[url]
            waiting[url, default: []].append(completion)
            return callers == nil
        }
        guard isFirst else { return }
        session.dataTask(with: URLRequest(url: url)) { [weak self] data, response, error in
            self?.finish(url, with: Self.imageResult(data: data, response: response, error: error))
        }
        .resume()
        // STUB:
        // END SOLUTION
    }

    // BEGIN SOLUTION FF5: Cache a loaded image and answer every caller waiting for its URL.
    private func finish(_ url: URL, with result: Result<Data, FeedError>) {
        if case .success(let data) = result {
            cache.insert(data, for: url)
        }
        let callers = lock.withLock { waiting.removeValue(forKey: url) ?? [] }
        for caller in callers {
            caller(result)
        }
    }

    private static func imageResult(data: Data?, response: URLResponse?, error: Error?) -> Result<Data, FeedError> {
        if let error {
            return .failure(.transport(error.localizedDescription))
        }
        if let status = (response as? HTTPURLResponse)?.statusCode, !(200..<300).contains(status) {
            return .failure(.http(status: status))
        }
        guard let data, !data.isEmpty else {
            return .failure(.invalidResponse("the image is empty"))
        }
        return .success(data)
    }
    // STUB:
    // END SOLUTION
}

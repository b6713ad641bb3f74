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
        // TODO(FF9): Keep the injected cache: the app decides its limits, tests inspect it.
        self.cache = ImageCache()
    }

    public func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {
        // TODO(FF5): Serve cached images at once; one request per URL in flight, shared by every caller.
    }

    // TODO(FF5): Cache a loaded image and answer every caller waiting for its URL.
}

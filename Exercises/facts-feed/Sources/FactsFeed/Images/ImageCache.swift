import Foundation

/// Image bytes kept in memory by URL, bounded by count and total size; the system may evict them under
/// memory pressure (an `NSCache`). Made once by the app and injected, never shared through a global.
public final class ImageCache {
    private let storage = NSCache<NSString, NSData>()

    /// A cache of at most `countLimit` images and about `totalCostLimit` bytes.
    public init(countLimit: Int = 200, totalCostLimit: Int = 50 * 1024 * 1024) {
        storage.countLimit = countLimit
        storage.totalCostLimit = totalCostLimit
    }

    /// The bytes of the image at `url`, when cached.
    public func image(for url: URL) -> Data? {
        storage.object(forKey: url.absoluteString as NSString).map { Data(referencing: $0) }
    }

    /// Keeps `data` as the image at `url`; its size is its cost.
    public func insert(_ data: Data, for url: URL) {
        storage.setObject(data as NSData, forKey: url.absoluteString as NSString, cost: data.count)
    }

    /// Forgets every image.
    public func removeAll() {
        storage.removeAllObjects()
    }
}

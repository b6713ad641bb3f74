import Foundation

/// Photo search, as the search screen needs it. `FlickrClient` is the live one; tests pass fakes.
public protocol PhotoSearching {
    @discardableResult
    func searchPhotos(
        matching text: String, page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask
}

/// Flickr's photo calls over a `NetworkEngine`.
public final class FlickrClient: PhotoSearching {
    private let engine: NetworkEngine

    public init(engine: NetworkEngine) {
        self.engine = engine
    }

    @discardableResult
    public func searchPhotos(
        matching text: String, page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        photos(.getSearchResults(searchText: text, page: page), completion: completion)
    }

    /// The latest public photos.
    @discardableResult
    public func recentPhotos(
        page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        photos(.getRecent(page: page), completion: completion)
    }

    private func photos(
        _ endpoint: FlickrEndpoint, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        engine.request(endpoint: endpoint) { (result: Result<PhotoSearchResponse, NetworkError>) in
            completion(result.map(\.photos))
        }
    }
}

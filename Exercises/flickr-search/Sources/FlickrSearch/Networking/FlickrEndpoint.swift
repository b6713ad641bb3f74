import Foundation

/// The Flickr REST API calls the app makes: `GET https://api.flickr.com/services/rest/?method=…`.
///
/// Adding a call is adding a case: its Flickr method name and its own parameters; the scheme, host, path,
/// format and key are shared.
public enum FlickrEndpoint: Endpoint, Equatable {
    /// `flickr.photos.search`: photos whose title, description or tags match `searchText`, one page of them.
    case getSearchResults(searchText: String, page: Int)
    /// `flickr.photos.getRecent`: the latest public photos, one page of them.
    case getRecent(page: Int)

    public var baseURL: String {
        // TODO(FL1): Flickr's API host.
        ""
    }

    public var path: String {
        // TODO(FL1): The REST path, with its leading slash.
        ""
    }

    /// Flickr's name for the call.
    public var flickrMethod: String {
        switch self {
        case .getSearchResults: return "flickr.photos.search"
        case .getRecent: return "flickr.photos.getRecent"
        }
    }

    public var parameters: [URLQueryItem] {
        // TODO(FL1): method, api_key (FlickrConfiguration), format=json, nojsoncallback=1, page, per_page, and the text as typed for a search.
        []
    }

    private static func paging(_ page: Int) -> [URLQueryItem] {
        [
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(FlickrConfiguration.photosPerPage)),
        ]
    }
}

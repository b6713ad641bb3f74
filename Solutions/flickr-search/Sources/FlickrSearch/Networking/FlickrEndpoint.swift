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
        // BEGIN SOLUTION FL1: Flickr's API host.
        "api.flickr.com"
        // STUB: ""
        // END SOLUTION
    }

    public var path: String {
        // BEGIN SOLUTION FL1: The REST path, with its leading slash.
        "/services/rest/"
        // STUB: ""
        // END SOLUTION
    }

    /// Flickr's name for the call.
    public var flickrMethod: String {
        switch self {
        case .getSearchResults: return "flickr.photos.search"
        case .getRecent: return "flickr.photos.getRecent"
        }
    }

    public var parameters: [URLQueryItem] {
        // BEGIN SOLUTION FL1: method, api_key (FlickrConfiguration), format=json, nojsoncallback=1, page, per_page, and the text as typed for a search.
        var items = [
            URLQueryItem(name: "method", value: flickrMethod),
            URLQueryItem(name: "api_key", value: FlickrConfiguration.apiKey),
            URLQueryItem(name: "format", value: "json"),
            URLQueryItem(name: "nojsoncallback", value: "1"),
        ]
        switch self {
        case .getSearchResults(let searchText, let page):
            items.append(URLQueryItem(name: "text", value: searchText))
            items += Self.paging(page)
        case .getRecent(let page):
            items += Self.paging(page)
        }
        return items
        // STUB: []
        // END SOLUTION
    }

    private static func paging(_ page: Int) -> [URLQueryItem] {
        [
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(FlickrConfiguration.photosPerPage)),
        ]
    }
}

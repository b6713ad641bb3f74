import FlickrSearch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// swift run flickr search "kittens" [--page 2]   or   swift run flickr recent [--page 2]
// Offline on bundled fixture responses; with FLICKR_API_KEY set, against the real Flickr API.

var arguments = Array(CommandLine.arguments.dropFirst())
var page = 1
if let flag = arguments.firstIndex(of: "--page") {
    guard flag + 1 < arguments.count, let number = Int(arguments[flag + 1]), number > 0 else {
        print("--page needs a page number (1, 2, …)")
        exit(2)
    }
    page = number
    arguments.removeSubrange(flag...(flag + 1))
}

let online = ProcessInfo.processInfo.environment["FLICKR_API_KEY"] != nil
let session: URLSession
if online {
    session = URLSession(configuration: .ephemeral)
} else {
    let offline = URLSessionConfiguration.ephemeral
    offline.protocolClasses = [FixtureURLProtocol.self]
    session = URLSession(configuration: offline)
    print("(offline: bundled fixture responses; set FLICKR_API_KEY to call Flickr)")
}
let client = FlickrClient(engine: NetworkEngine(session: session))

/// The request's URL as printed: the key itself stays off the screen.
func printed(_ endpoint: FlickrEndpoint) -> String {
    let url = NetworkEngine.urlRequest(for: endpoint)?.url?.absoluteString ?? "(no URL)"
    return url.replacingOccurrences(of: "api_key=\(FlickrConfiguration.apiKey)", with: "api_key=…")
}

func show(_ result: Result<PhotosPage, NetworkError>, heading: String) {
    switch result {
    case .success(let found):
        print("\(heading): \(found.total) photos, page \(found.page) of \(found.pages)")
        for photo in found.photo {
            let url = photo.url(size: .square)?.absoluteString ?? "no image"
            print("  \(photo.id)  \(photo.title.isEmpty ? "(untitled)" : photo.title)")
            print("      \(url)")
        }
    case .failure(let error):
        print("\(heading): \(error.message)")
    }
}

switch arguments.first {
case "search":
    let text = arguments.dropFirst().joined(separator: " ")
    guard !text.isEmpty else {
        print("search needs some text: swift run flickr search \"kittens\"")
        exit(2)
    }
    print("GET \(printed(.getSearchResults(searchText: text, page: page)))")
    client.searchPhotos(matching: text, page: page) { result in
        show(result, heading: "Search \"\(text)\"")
        exit(0)
    }
case "recent":
    print("GET \(printed(.getRecent(page: page)))")
    client.recentPhotos(page: page) { result in
        show(result, heading: "Recent photos")
        exit(0)
    }
default:
    print("usage: flickr search <text> [--page n] | flickr recent [--page n]")
    exit(2)
}
dispatchMain()

import FlickrSearch
import Foundation
import XCTest

/// Sample tests to start from. They fail until the gaps they touch are filled; add your own beside them.
final class SampleTests: XCTestCase {
    func testSearchEndpointAsksFlickrForJSON() {
        let parameters = FlickrEndpoint.getSearchResults(searchText: "kittens", page: 1).parameters
        XCTAssertTrue(parameters.contains(URLQueryItem(name: "format", value: "json")), "\(parameters)")
        XCTAssertTrue(parameters.contains(URLQueryItem(name: "text", value: "kittens")), "\(parameters)")
    }

    func testPhotoURLUsesTheSizeSuffix() {
        let photo = Photo(id: "1", secret: "abc", server: "65535")
        XCTAssertEqual(photo.url(size: .medium)?.absoluteString, "https://live.staticflickr.com/65535/1_abc_z.jpg")
    }

    func testDebouncedSearchWaitsForTheUserToStopTyping() {
        let service = RecordingService()
        let scheduler = TestScheduler()
        let search = PhotoSearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        search.queryChanged("k")
        search.queryChanged("ki")
        scheduler.advance(by: 0.3)
        XCTAssertEqual(service.requests, ["ki page 1"])
    }
}

private final class RecordingService: PhotoSearching {
    var requests: [String] = []

    func searchPhotos(
        matching text: String, page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        requests.append("\(text) page \(page)")
        return BlockTask()
    }
}

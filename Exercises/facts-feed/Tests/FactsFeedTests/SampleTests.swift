import FactsFeed
import XCTest

/// A feed loader that answers every load at once with `feed`.
private final class FixedFeedLoader: FeedLoading {
    let feed: Feed

    init(_ feed: Feed) {
        self.feed = feed
    }

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        completion(.success(feed))
    }
}

/// An image loader that records the URLs asked for and never answers.
private final class RecordingImageLoader: ImageLoading {
    private(set) var requested: [URL] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {
        requested.append(url)
    }
}

final class SampleTests: XCTestCase {
    func testDecodesTheTitleAndRows() throws {
        let json =
            #"{"title":"About Canada","rows":[{"title":"Beavers","description":"Dams.","imageHref":"https://images.example.com/beaver.jpg"}]}"#

        let feed = try FeedDecoder().decode(Data(json.utf8))

        XCTAssertEqual(feed.title, "About Canada")
        XCTAssertEqual(
            feed.rows,
            [FeedRow(title: "Beavers", description: "Dams.", imageHref: "https://images.example.com/beaver.jpg")])
    }

    func testLatin1FeedKeepsItsAccents() throws {
        let bytes = try XCTUnwrap(#"{"title":"Québec","rows":[]}"#.data(using: .isoLatin1))

        XCTAssertEqual(try FeedDecoder().decode(bytes).title, "Québec")
    }

    func testLoadingTheFeedRequestsNoImage() {
        let images = RecordingImageLoader()
        let feed = Feed(
            title: "About Canada",
            rows: [FeedRow(title: "Flag", description: nil, imageHref: "https://images.example.com/flag.png")])
        let viewModel = FeedViewModel(
            feedLoader: FixedFeedLoader(feed), imageLoader: images, uiScheduler: ImmediateScheduler())

        viewModel.viewDidLoad()

        XCTAssertEqual(viewModel.state.value, .loaded)
        XCTAssertEqual(images.requested, [])
        viewModel.rowsBecameVisible([0])
        XCTAssertEqual(images.requested, [URL(string: "https://images.example.com/flag.png")])
    }
}

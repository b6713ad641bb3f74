import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

/// Answers every load with `feed`, at once.
private final class FixedFeedLoader: FeedLoading {
    let feed: Feed

    init(_ feed: Feed) {
        self.feed = feed
    }

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        completion(.success(feed))
    }
}

/// An image loader that never answers.
private final class SilentImageLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {}
}

final class FF6RowTests: HiddenTestCase {
    private func rows(for feedRows: [FeedRow]) -> [FactRowModel] {
        let viewModel = FeedViewModel(
            feedLoader: FixedFeedLoader(Feed(title: "About Canada", rows: feedRows)), imageLoader: SilentImageLoader(),
            uiScheduler: ImmediateScheduler())
        viewModel.viewDidLoad()
        return viewModel.rows.value
    }

    func test_FF6_rowsCarryTheFullTitle() {
        let title = String(repeating: "Hockey Night in Canada ", count: 20) + "— the end"

        let rows = rows(for: [FeedRow(title: title, description: "Short.", imageHref: nil)])

        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?.title, title, "the title is never truncated")
    }

    func test_FF6_rowsCarryTheFullDescription() {
        let paragraph = String(repeating: "Beavers build dams across rivers and streams. ", count: 40)
        let description = paragraph + "\n\n" + paragraph + "\nLast line, après le déluge."

        let rows = rows(for: [FeedRow(title: "Beavers", description: description, imageHref: nil)])

        XCTAssertEqual(rows.first?.description, description, "the description is never truncated")
        XCTAssertEqual(rows.first?.description?.count, description.count)
    }

    func test_FF6_rowsSayWhetherTheyHaveAnImageSlot() {
        let rows = rows(for: [
            FeedRow(title: "Flag", description: nil, imageHref: "https://images.example.com/flag.png"),
            FeedRow(title: "Eh", description: "A question.", imageHref: nil),
        ])

        XCTAssertEqual(rows.map(\.hasImageSlot), [true, false])
        XCTAssertEqual(rows.map(\.title), ["Flag", "Eh"])
        XCTAssertEqual(rows.map(\.description), [nil, "A question."])
    }

    func test_FF6_rowModelsFollowTheFeedRowByRow() {
        let feedRows = [
            FeedRow(title: "Québec", description: "La ville de Québec.", imageHref: nil),
            FeedRow(title: nil, description: "Nobody knows the title.", imageHref: "https://images.example.com/x.png"),
            FeedRow(title: "Montréal", description: nil, imageHref: nil),
        ]

        let rows = rows(for: feedRows)

        XCTAssertEqual(rows.map(\.title), feedRows.map(\.title))
        XCTAssertEqual(rows.map(\.description), feedRows.map(\.description))
    }
}

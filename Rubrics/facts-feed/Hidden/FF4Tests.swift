import FactsFeed
import Foundation
import GraderTestSupport
import XCTest

/// Answers each load with the next of `answers`, at once, on the caller's thread.
private final class ScriptedFeedLoader: FeedLoading {
    var answers: [Result<Feed, FeedError>]

    init(_ answers: [Result<Feed, FeedError>]) {
        self.answers = answers
    }

    func loadFeed(completion: @escaping (Result<Feed, FeedError>) -> Void) {
        guard !answers.isEmpty else { return }
        completion(answers.removeFirst())
    }
}

/// An image loader that never answers.
private final class SilentImageLoader: ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, FeedError>) -> Void) {}
}

final class FF4TitleTests: HiddenTestCase {
    private let aboutCanada = Feed(
        title: "About Canada", rows: [FeedRow(title: "Beavers", description: "Dams.", imageHref: nil)])

    private func makeViewModel(_ answers: [Result<Feed, FeedError>]) -> FeedViewModel {
        FeedViewModel(
            feedLoader: ScriptedFeedLoader(answers), imageLoader: SilentImageLoader(), uiScheduler: ImmediateScheduler()
        )
    }

    func test_FF4_titleIsTheFeedsTitle() {
        let viewModel = makeViewModel([.success(aboutCanada)])

        viewModel.viewDidLoad()

        XCTAssertEqual(viewModel.title.value, "About Canada")
    }

    func test_FF4_titleChangesOnceWhenTheFeedLoads() {
        let viewModel = makeViewModel([.success(aboutCanada)])
        var titles: [String] = []
        let observation = viewModel.title.observe { titles.append($0) }
        defer { observation.cancel() }

        viewModel.viewDidLoad()

        XCTAssertEqual(Array(titles.dropFirst()), ["About Canada"], "titles: \(titles)")
    }

    func test_FF4_refreshShowsTheNewTitle() {
        let viewModel = makeViewModel([
            .success(aboutCanada), .success(Feed(title: "À propos du Canada", rows: aboutCanada.rows)),
        ])
        var titles: [String] = []
        let observation = viewModel.title.observe { titles.append($0) }
        defer { observation.cancel() }

        viewModel.viewDidLoad()
        viewModel.refreshRequested()

        XCTAssertEqual(titles.last, "À propos du Canada")
        XCTAssertEqual(titles.filter { $0 == "About Canada" }.count, 1, "titles: \(titles)")
    }

    func test_FF4_titleOfAFeedWithoutRows() {
        let viewModel = makeViewModel([.success(Feed(title: "Nothing Yet", rows: []))])

        viewModel.viewDidLoad()

        XCTAssertEqual(viewModel.title.value, "Nothing Yet")
        XCTAssertEqual(viewModel.rows.value, [])
    }
}

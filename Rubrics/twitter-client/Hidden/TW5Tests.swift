import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW5: the feed loads the timeline; each cell is titled with "@" and the poster's handle, plus the text.
final class TW5FeedTests: HiddenTestCase {
    private let scheduler = TestScheduler()
    private let timeline = [
        Tweet(id: "t1", handle: "jack", text: "just setting up my twttr", date: Date(timeIntervalSince1970: 1_000)),
        Tweet(id: "t2", handle: "ev", text: "hello, world", date: Date(timeIntervalSince1970: 3_000)),
        Tweet(id: "t3", handle: "biz", text: "Ünïcode & emoji 🐦", date: Date(timeIntervalSince1970: 2_000)),
    ]

    private func loggedInClient() -> TwitterClient {
        let client = TwitterClient(
            username: "alice", password: "secret", timeline: timeline, latency: 0.5, scheduler: scheduler)
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.5)
        return client
    }

    func test_TW5_feedShowsOneCellPerTweet_titledWithTheHandle_plusTheText() {
        let coordinator = AppCoordinator(client: loggedInClient(), uiScheduler: ImmediateScheduler())
        guard let feed = coordinator.feedViewModel else { return XCTFail("logged in: the feed should be shown") }
        feed.viewDidLoad()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed.cells.value.map(\.title), ["@ev", "@biz", "@jack"])
        XCTAssertEqual(feed.cells.value.map(\.text), ["hello, world", "Ünïcode & emoji 🐦", "just setting up my twttr"])
    }

    func test_TW5_cellsKeepTheTimelinesOrderAndIds() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed.cells.value.map(\.id), ["t2", "t3", "t1"])
    }

    func test_TW5_cellsAppearOnceTheTimelineAnswers_notBefore() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        var history: [[String]] = []
        let observation = feed.cells.observeNext { history.append($0.map(\.id)) }
        defer { observation.dispose() }
        feed.viewDidLoad()
        scheduler.advance(by: 0.4)
        XCTAssertEqual(history.last, [], "no cells before the client answers")
        scheduler.advance(by: 0.1)
        XCTAssertEqual(history.first, [])
        XCTAssertEqual(history.last, ["t2", "t3", "t1"])
    }

    func test_TW5_cellModel_titleIsAtHandle_textIsTheTweetsText() {
        let tweet = Tweet(id: "42", handle: "swiftlang", text: "Swift 6 🎉", date: Date(timeIntervalSince1970: 0))
        let cell = TweetCellModel(tweet: tweet)
        XCTAssertEqual(cell.id, "42")
        XCTAssertEqual(cell.title, "@swiftlang")
        XCTAssertEqual(cell.text, "Swift 6 🎉")
    }
}

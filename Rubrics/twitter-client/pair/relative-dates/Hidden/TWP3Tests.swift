import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TWP3: the feed's cells carry ages from an injected clock.
final class TWP3FeedClockTests: HiddenTestCase {
    private let scheduler = TestScheduler()
    private var clock = Date(timeIntervalSince1970: 3_120)
    private let timeline = [
        Tweet(id: "t1", handle: "jack", text: "just setting up my twttr", date: Date(timeIntervalSince1970: 1_000)),
        Tweet(id: "t2", handle: "ev", text: "hello, world", date: Date(timeIntervalSince1970: 3_000)),
        Tweet(id: "t3", handle: "biz", text: "Ünïcode & emoji 🐦", date: Date(timeIntervalSince1970: 2_000)),
    ]

    /// A feed over a logged-in client whose timeline answers after 0.5 s of `scheduler` time.
    private func loadedFeed() -> FeedViewModel {
        let client = TwitterClient(
            username: "alice", password: "secret", timeline: timeline, latency: 0.5, scheduler: scheduler)
        client.logIn(username: "alice", password: "secret")
        scheduler.advance(by: 0.5)
        let feed = FeedViewModel(
            timeline: client, session: client, uiScheduler: ImmediateScheduler(), now: { [unowned self] in clock })
        feed.viewDidLoad()
        scheduler.advance(by: 0.5)
        return feed
    }

    func test_TWP3_cellsShowAgesFromTheInjectedClock() {
        let feed = loadedFeed()
        XCTAssertEqual(feed.cells.value.map(\.age), ["2m", "18m", "35m"])
    }

    func test_TWP3_aRefreshComputesTheAgesAgain() {
        let feed = loadedFeed()
        clock = clock.addingTimeInterval(2 * 3_600)
        XCTAssertEqual(feed.cells.value.map(\.age), ["2m", "18m", "35m"], "ages change when the feed shows an answer")
        feed.refreshRequested()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed.cells.value.map(\.age), ["2h", "2h", "2h"])
        clock = clock.addingTimeInterval(3 * 86_400)
        feed.refreshRequested()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed.cells.value.map(\.age), ["3d", "3d", "3d"])
    }

    func test_TWP3_titlesTextsAndOrderAreUnchanged() {
        let feed = loadedFeed()
        XCTAssertEqual(feed.cells.value.map(\.id), ["t2", "t3", "t1"])
        XCTAssertEqual(feed.cells.value.map(\.title), ["@ev", "@biz", "@jack"])
        XCTAssertEqual(feed.cells.value.map(\.text), ["hello, world", "Ünïcode & emoji 🐦", "just setting up my twttr"])
    }
}

import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW5: the feed loads the timeline; each cell is titled with "@" and the poster's handle, plus the text.
///
/// The feed screen model is made directly, on the provided client already logged in or on a timeline the test
/// answers by hand: no routing and no Log In screen in between.
final class TW5FeedTests: HiddenTestCase {
    /// A timeline whose loads the test answers by hand, in any order.
    private final class HeldTimeline: TimelineLoading {
        private(set) var completions: [(Result<[Tweet], TwitterClient.Error>) -> Void] = []

        func loadTimeline(completion: @escaping (Result<[Tweet], TwitterClient.Error>) -> Void) {
            completions.append(completion)
        }
    }

    /// A session that stays logged in.
    private final class LoggedInSession: Session {
        let isLoggedIn = ReadOnlyProperty(constant: true)
        func logIn(username: String, password: String) {}
        func logOut() {}
    }

    private let clock = TestScheduler()
    private let timeline = [
        Tweet(id: "t1", handle: "jack", text: "just setting up my twttr", date: Date(timeIntervalSince1970: 1_000)),
        Tweet(id: "t2", handle: "ev", text: "hello, world", date: Date(timeIntervalSince1970: 3_000)),
        Tweet(id: "t3", handle: "biz", text: "Ünïcode & emoji 🐦", date: Date(timeIntervalSince1970: 2_000)),
    ]

    private func loggedInClient() -> TwitterClient {
        let client = TwitterClient(
            username: "alice", password: "secret", timeline: timeline, latency: 0.5, scheduler: clock)
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        XCTAssertTrue(client.isLoggedIn.value, "the provided client should be logged in")
        return client
    }

    private func tweet(_ id: String, _ handle: String, _ text: String) -> Tweet {
        Tweet(id: id, handle: handle, text: text, date: Date(timeIntervalSince1970: 0))
    }

    func test_TW5_feedShowsOneCellPerTweet_titledWithTheHandle_plusTheText() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        clock.advance(by: 0.5)
        XCTAssertEqual(feed.cells.value.map(\.title), ["@ev", "@biz", "@jack"])
        XCTAssertEqual(feed.cells.value.map(\.text), ["hello, world", "Ünïcode & emoji 🐦", "just setting up my twttr"])
        XCTAssertEqual(feed.cells.value.map(\.id), ["t2", "t3", "t1"])
    }

    func test_TW5_cellsKeepTheOrderTheTimelineGives() {
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: LoggedInSession(), uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        XCTAssertEqual(held.completions.count, 1, "viewDidLoad should load the timeline once")
        let unsorted = [tweet("b", "zed", "second"), tweet("c", "amy", "third"), tweet("a", "max", "first")]
        held.completions.first?(.success(unsorted))
        XCTAssertEqual(
            feed.cells.value.map(\.id), ["b", "c", "a"], "the cells keep the order the timeline gives, not re-sorted")
        XCTAssertEqual(feed.cells.value.map(\.title), ["@zed", "@amy", "@max"])
    }

    func test_TW5_cellsAppearOnceTheTimelineAnswers_notBefore() {
        let client = loggedInClient()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        var history: [[String]] = []
        let observation = feed.cells.observeNext { history.append($0.map(\.id)) }
        defer { observation.dispose() }
        feed.viewDidLoad()
        clock.advance(by: 0.4)
        XCTAssertEqual(Histories.withoutRepeats(history), [[]], "no cells before the client answers")
        clock.advance(by: 0.1)
        XCTAssertEqual(Histories.withoutRepeats(history), [[], ["t2", "t3", "t1"]])
    }

    func test_TW5_refresh_loadsTheTimelineAgain_andShowsTheNewAnswer() {
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: LoggedInSession(), uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        held.completions.first?(.success([tweet("1", "jack", "old")]))
        feed.refreshRequested()
        XCTAssertEqual(held.completions.count, 2, "a refresh should load the timeline again")
        held.completions.last?(.success([tweet("2", "ev", "new"), tweet("1", "jack", "old")]))
        XCTAssertEqual(feed.cells.value.map(\.title), ["@ev", "@jack"])
        XCTAssertEqual(feed.cells.value.map(\.text), ["new", "old"])
    }

    func test_TW5_theSpinnerShowsWhileTheTimelineLoads() {
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: LoggedInSession(), uiScheduler: ImmediateScheduler())
        XCTAssertFalse(feed.isLoading.value, "nothing loads before the screen appears")
        feed.viewDidLoad()
        XCTAssertTrue(feed.isLoading.value, "the timeline is loading")
        held.completions.first?(.success([tweet("1", "jack", "hi")]))
        XCTAssertFalse(feed.isLoading.value, "the timeline answered")
        feed.refreshRequested()
        XCTAssertTrue(feed.isLoading.value, "a refresh loads again")
    }

    func test_TW5_aFailedLoad_stopsTheSpinner() {
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: LoggedInSession(), uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        XCTAssertTrue(feed.isLoading.value, "the timeline is loading")
        held.completions.first?(.failure(.notLoggedIn))
        XCTAssertFalse(feed.isLoading.value, "no load is under way once the timeline answered with an error")
    }

    /// A feed refreshed while its first load is still on its way: two held loads, or one for a design whose refresh
    /// waits for the load on its way.
    private func refreshedWhileLoading() -> (held: HeldTimeline, feed: FeedViewModel) {
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: LoggedInSession(), uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        feed.refreshRequested()
        return (held, feed)
    }

    /// For a refresh that waited for the load on its way instead of starting another: no older answer can come
    /// last, and the one load's answer shows.
    private func answerTheOneLoad(_ held: HeldTimeline, _ feed: FeedViewModel) {
        XCTAssertEqual(held.completions.count, 1, "one load, or one more for the refresh")
        held.completions.first?(.success([tweet("2", "ev", "new")]))
        XCTAssertEqual(feed.cells.value.map(\.text), ["new"])
    }

    func test_TW5_anOlderLoadAnsweringLast_neverReplacesTheNewerAnswer() {
        let (held, feed) = refreshedWhileLoading()
        guard held.completions.count == 2 else { return answerTheOneLoad(held, feed) }
        held.completions[1](.success([tweet("2", "ev", "new")]))
        held.completions[0](.success([tweet("1", "jack", "old")]))
        XCTAssertEqual(feed.cells.value.map(\.text), ["new"], "the first load's late answer is out of date")
    }

    func test_TW5_anOlderLoadFailingLast_neverWipesTheNewerAnswer() {
        let (held, feed) = refreshedWhileLoading()
        guard held.completions.count == 2 else {
            answerTheOneLoad(held, feed)
            return XCTAssertFalse(feed.isLoading.value, "the one load answered")
        }
        held.completions[1](.success([tweet("2", "ev", "new")]))
        held.completions[0](.failure(.notLoggedIn))
        XCTAssertEqual(
            feed.cells.value.map(\.text), ["new"],
            "the first load's late failure is out of date: it must not clear the newer load's tweets (check a "
                + "load's staleness before handling its answer, failures too)")
        XCTAssertFalse(feed.isLoading.value, "both loads answered: no load is under way")
    }

    func test_TW5_cellModel_titleIsAtHandle_textIsTheTweetsText() {
        let tweet = Tweet(id: "42", handle: "swiftlang", text: "Swift 6 🎉", date: Date(timeIntervalSince1970: 0))
        let cell = TweetCellModel(tweet: tweet)
        XCTAssertEqual(cell.id, "42")
        XCTAssertEqual(cell.title, "@swiftlang")
        XCTAssertEqual(cell.text, "Swift 6 🎉")
    }
}

import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW6: Log Out (navigation bar) sets isLoggedIn to false; the previous user's tweets are gone.
///
/// The feed screen model is made directly on the provided client, already logged in; "shows Log In" is observed as
/// isLoggedIn becoming false (routing from it is TW3's). Late answers come from a timeline the test answers by
/// hand, as a real API would send them: the provided client fails requests of an ended session, which would hide a
/// feed that shows whatever arrives.
final class TW6LogOutTests: HiddenTestCase {
    /// A timeline whose loads the test answers by hand, whoever is logged in by then.
    private final class HeldTimeline: TimelineLoading {
        private(set) var completions: [(Result<[Tweet], TwitterClient.Error>) -> Void] = []

        func loadTimeline(completion: @escaping (Result<[Tweet], TwitterClient.Error>) -> Void) {
            completions.append(completion)
        }

        func answerAll(with tweets: [Tweet]) {
            let waiting = completions
            completions = []
            for completion in waiting { completion(.success(tweets)) }
        }
    }

    private let clock = TestScheduler()

    private let aliceTweets = [
        Tweet(id: "a1", handle: "jack", text: "for alice", date: Date(timeIntervalSince1970: 1_000)),
        Tweet(id: "a2", handle: "ev", text: "also alice", date: Date(timeIntervalSince1970: 900)),
    ]
    private let bobTweets = [Tweet(id: "b1", handle: "biz", text: "for bob", date: Date(timeIntervalSince1970: 2_000))]

    /// The provided client with two accounts, alice logged in.
    private func aliceLoggedIn(file: StaticString = #filePath, line: UInt = #line) -> TwitterClient {
        let client = TwitterClient(
            accounts: [
                .init(username: "alice", password: "secret", timeline: aliceTweets),
                .init(username: "bob", password: "hunter2", timeline: bobTweets),
            ], latency: 0.5, scheduler: clock)
        client.logIn(username: "alice", password: "secret")
        clock.advance(by: 0.5)
        XCTAssertEqual(
            client.currentUsername, "alice", "the provided client should be logged in", file: file, line: line)
        return client
    }

    func test_TW6_logOutButton_setsIsLoggedInToFalse() {
        let client = aliceLoggedIn()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        var history: [Bool] = []
        let observation = client.isLoggedIn.observeNext { history.append($0) }
        defer { observation.dispose() }
        feed.logOutButtonTapped()
        XCTAssertEqual(history, [true, false], "Log Out should end the session once (routing then shows Log In)")
        XCTAssertNil(client.currentUsername)
    }

    func test_TW6_logOut_clearsTheTweetsTheFeedShowed() {
        let client = aliceLoggedIn()
        let feed = FeedViewModel(timeline: client, session: client, uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        clock.advance(by: 0.5)
        feed.logOutButtonTapped()
        XCTAssertFalse(client.isLoggedIn.value, "Log Out should end the session")
        XCTAssertEqual(feed.cells.value, [], "the previous user's tweets must be gone")
    }

    func test_TW6_aRefreshInFlightAtLogOut_neverBringsTheTweetsBack() {
        let client = aliceLoggedIn()
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: client, uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        held.answerAll(with: aliceTweets)
        feed.refreshRequested()
        feed.logOutButtonTapped()
        XCTAssertFalse(client.isLoggedIn.value, "Log Out should end the session")
        XCTAssertEqual(feed.cells.value, [], "the previous user's tweets must be gone at once")
        held.answerAll(with: aliceTweets)
        XCTAssertEqual(feed.cells.value, [], "an answer to a request made before Log Out must not show alice's tweets")
    }

    func test_TW6_logOutWhileTheTimelineLoads_stopsTheSpinner() {
        let client = aliceLoggedIn()
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: client, uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        feed.logOutButtonTapped()
        XCTAssertFalse(client.isLoggedIn.value, "Log Out should end the session")
        XCTAssertFalse(feed.isLoading.value, "nothing is loading for a session that ended")
        held.answerAll(with: aliceTweets)
        XCTAssertFalse(feed.isLoading.value)
    }

    func test_TW6_anAnswerForThePreviousUser_arrivingOnceAnotherIsLoggedIn_isNotShown() {
        let client = aliceLoggedIn()
        let held = HeldTimeline()
        let feed = FeedViewModel(timeline: held, session: client, uiScheduler: ImmediateScheduler())
        feed.viewDidLoad()
        feed.logOutButtonTapped()
        XCTAssertFalse(client.isLoggedIn.value, "Log Out should end the session")
        client.logIn(username: "bob", password: "hunter2")
        clock.advance(by: 0.5)
        XCTAssertEqual(client.currentUsername, "bob")
        held.answerAll(with: aliceTweets)
        XCTAssertFalse(
            feed.cells.value.contains { $0.id.hasPrefix("a") },
            "alice's timeline, asked for before she logged out, must not show once bob is logged in")
    }
}

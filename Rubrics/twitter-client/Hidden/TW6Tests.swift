import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TW6: Log Out (navigation bar) sets isLoggedIn to false and shows Log In; the previous user's tweets are gone.
final class TW6LogOutTests: HiddenTestCase {
    private let scheduler = TestScheduler()

    private func makeClient() -> TwitterClient {
        func tweet(_ id: String, _ handle: String, _ text: String, _ time: TimeInterval) -> Tweet {
            Tweet(id: id, handle: handle, text: text, date: Date(timeIntervalSince1970: time))
        }
        return TwitterClient(
            accounts: [
                .init(
                    username: "alice", password: "secret",
                    timeline: [tweet("a1", "jack", "for alice", 1_000), tweet("a2", "ev", "also alice", 900)]),
                .init(username: "bob", password: "hunter2", timeline: [tweet("b1", "biz", "for bob", 2_000)]),
            ], latency: 0.5, scheduler: scheduler)
    }

    private func logIn(_ username: String, _ password: String, on coordinator: AppCoordinator) {
        let model = coordinator.logInViewModel
        model?.usernameChanged(username)
        model?.passwordChanged(password)
        model?.logInButtonTapped()
        scheduler.advance(by: 0.5)
    }

    private func loadedFeed(_ coordinator: AppCoordinator) -> FeedViewModel? {
        let feed = coordinator.feedViewModel
        feed?.viewDidLoad()
        scheduler.advance(by: 0.5)
        return feed
    }

    func test_TW6_logOutButton_setsIsLoggedInFalse_andShowsLogIn() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        var routes: [Route] = []
        let observation = coordinator.route.observeNext { routes.append($0) }
        defer { observation.dispose() }
        logIn("alice", "secret", on: coordinator)
        let feed = loadedFeed(coordinator)
        XCTAssertNotNil(feed)
        feed?.logOutButtonTapped()
        XCTAssertFalse(client.isLoggedIn.value)
        XCTAssertEqual(routes, [.logIn, .feed, .logIn])
        XCTAssertNotNil(coordinator.logInViewModel)
    }

    func test_TW6_logOut_clearsTheTweetsTheFeedShowed() {
        let coordinator = AppCoordinator(client: makeClient(), uiScheduler: ImmediateScheduler())
        logIn("alice", "secret", on: coordinator)
        guard let feed = loadedFeed(coordinator) else { return XCTFail("the feed should be shown after log in") }
        XCTAssertEqual(feed.cells.value.map(\.id), ["a1", "a2"])
        feed.logOutButtonTapped()
        XCTAssertEqual(feed.cells.value, [], "the previous user's tweets must be gone")
    }

    func test_TW6_afterLogOutAndLogInAsAnotherUser_onlyTheirTweetsShow() {
        let coordinator = AppCoordinator(client: makeClient(), uiScheduler: ImmediateScheduler())
        logIn("alice", "secret", on: coordinator)
        loadedFeed(coordinator)?.logOutButtonTapped()
        logIn("bob", "hunter2", on: coordinator)
        guard let feed = coordinator.feedViewModel else { return XCTFail("bob should see the feed") }
        XCTAssertEqual(feed.cells.value, [], "a new feed starts empty, not with alice's tweets")
        feed.viewDidLoad()
        scheduler.advance(by: 0.5)
        XCTAssertEqual(feed.cells.value.map(\.title), ["@biz"])
        XCTAssertEqual(feed.cells.value.map(\.text), ["for bob"])
    }

    func test_TW6_aRefreshInFlightAtLogOut_neverBringsTheTweetsBack() {
        let client = makeClient()
        let coordinator = AppCoordinator(client: client, uiScheduler: ImmediateScheduler())
        logIn("alice", "secret", on: coordinator)
        guard let feed = loadedFeed(coordinator) else { return XCTFail("the feed should be shown after log in") }
        XCTAssertFalse(feed.cells.value.isEmpty)
        feed.refreshRequested()
        feed.logOutButtonTapped()
        XCTAssertEqual(feed.cells.value, [])
        client.logIn(username: "bob", password: "hunter2")
        scheduler.advance(by: 2)
        XCTAssertEqual(feed.cells.value, [], "alice's late answer must not show her tweets again")
    }
}

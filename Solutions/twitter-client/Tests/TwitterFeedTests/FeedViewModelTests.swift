import TwitterFeed
import XCTest

final class FeedViewModelTests: XCTestCase {
    private let session = FakeSession(isLoggedIn: true)
    private let timeline = FakeTimeline()

    private func makeModel(uiScheduler: Scheduler = ImmediateScheduler()) -> FeedViewModel {
        FeedViewModel(timeline: timeline, session: session, uiScheduler: uiScheduler)
    }

    func test_viewDidLoad_loadsAndShowsOneCellPerTweetInOrder() {
        let model = makeModel()
        let loading = Recorder(model.isLoading)
        model.viewDidLoad()
        timeline.answer(0, with: .success([tweet("1", "jack", "hello"), tweet("2", "ev", "hi")]))
        XCTAssertEqual(model.cells.value.map(\.title), ["@jack", "@ev"])
        XCTAssertEqual(model.cells.value.map(\.text), ["hello", "hi"])
        XCTAssertEqual(loading.values, [false, true, false])
    }

    func test_aFailedLoad_showsNoCells() {
        let model = makeModel()
        model.viewDidLoad()
        timeline.answer(0, with: .failure(.notLoggedIn))
        XCTAssertEqual(model.cells.value, [])
        XCTAssertFalse(model.isLoading.value)
    }

    func test_refresh_aStaleAnswerNeverOverwritesANewerOne() {
        let model = makeModel()
        model.viewDidLoad()
        model.refreshRequested()
        timeline.answer(1, with: .success([tweet("2", "ev", "new")]))
        timeline.answer(0, with: .success([tweet("1", "jack", "old")]))
        XCTAssertEqual(model.cells.value.map(\.id), ["2"])
    }

    func test_logOutButtonTapped_logsOutAndClearsTheTweets() {
        let model = makeModel()
        let cells = Recorder(model.cells)
        model.viewDidLoad()
        timeline.answer(0, with: .success([tweet("1", "jack", "hello")]))
        model.logOutButtonTapped()
        XCTAssertEqual(session.logOutCount, 1)
        XCTAssertEqual(cells.values.map { $0.map(\.id) }, [[], ["1"], []])
    }

    func test_anAnswerArrivingAfterLogOut_isDropped() {
        let model = makeModel()
        model.viewDidLoad()
        model.logOutButtonTapped()
        timeline.answer(0, with: .success([tweet("1", "jack", "hello")]))
        XCTAssertEqual(model.cells.value, [])
        XCTAssertFalse(model.isLoading.value)
    }

    func test_outputsChangeOnlyOnTheUIScheduler() {
        let ui = TestScheduler()
        let model = makeModel(uiScheduler: ui)
        model.viewDidLoad()
        timeline.answer(0, with: .success([tweet("1", "jack", "hello")]))
        XCTAssertEqual(model.cells.value, [])
        ui.run()
        XCTAssertEqual(model.cells.value.map(\.id), ["1"])
    }

    func test_aDismissedModel_isReleasedWithItsObservers() {
        var model: FeedViewModel? = makeModel()
        weak let released = model
        model?.viewDidLoad()
        XCTAssertEqual(session.loggedIn.observerCount, 1)
        model = nil
        XCTAssertNil(released)
        XCTAssertEqual(session.loggedIn.observerCount, 0)
        timeline.answer(0, with: .success([tweet("1", "jack", "hello")]))
    }

    func test_cellModel_titlesWithTheHandle() {
        let cell = TweetCellModel(tweet: tweet("7", "swiftlang", "Swift!"))
        XCTAssertEqual(cell, TweetCellModel(tweet: tweet("7", "swiftlang", "Swift!")))
        XCTAssertEqual(cell.title, "@swiftlang")
        XCTAssertEqual(cell.text, "Swift!")
        XCTAssertEqual(cell.id, "7")
    }
}

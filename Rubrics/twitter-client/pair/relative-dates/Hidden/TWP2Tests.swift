import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TWP2: the edges between units.
final class TWP2EdgeTests: HiddenTestCase {
    private let now = Date(timeIntervalSince1970: 1_000_000)

    private func age(secondsAgo seconds: TimeInterval) -> String {
        let tweet = Tweet(id: "1", handle: "jack", text: "hi", date: now.addingTimeInterval(-seconds))
        return TweetCellModel(tweet: tweet, now: now).age
    }

    func test_TWP2_fiftyNineSecondsIsNow_sixtyIsOneMinute() {
        XCTAssertEqual(age(secondsAgo: 59), "now")
        XCTAssertEqual(age(secondsAgo: 59.9), "now")
        XCTAssertEqual(age(secondsAgo: 60), "1m")
    }

    func test_TWP2_theLastMinuteOfAnHour_andOfADay() {
        XCTAssertEqual(age(secondsAgo: 3_599), "59m")
        XCTAssertEqual(age(secondsAgo: 3_600), "1h")
        XCTAssertEqual(age(secondsAgo: 86_399), "23h")
        XCTAssertEqual(age(secondsAgo: 86_400), "1d")
    }

    func test_TWP2_sevenDaysIsOneWeek() {
        XCTAssertEqual(age(secondsAgo: 7 * 86_400 - 1), "6d")
        XCTAssertEqual(age(secondsAgo: 7 * 86_400), "1w")
    }

    func test_TWP2_aDateInTheFutureIsNow() {
        XCTAssertEqual(age(secondsAgo: -1), "now")
        XCTAssertEqual(age(secondsAgo: -3 * 86_400), "now")
    }
}

import Foundation
import GraderTestSupport
import TwitterFeed
import XCTest

/// TWP1: ages in whole minutes, hours, days and weeks.
final class TWP1UnitTests: HiddenTestCase {
    private let now = Date(timeIntervalSince1970: 1_000_000)

    private func age(secondsAgo seconds: TimeInterval) -> String {
        let tweet = Tweet(id: "1", handle: "jack", text: "hi", date: now.addingTimeInterval(-seconds))
        return TweetCellModel(tweet: tweet, now: now).age
    }

    func test_TWP1_minutesRoundDown() {
        XCTAssertEqual(age(secondsAgo: 5 * 60), "5m")
        XCTAssertEqual(age(secondsAgo: 5 * 60 + 59), "5m")
        XCTAssertEqual(age(secondsAgo: 42 * 60 + 30), "42m")
    }

    func test_TWP1_hoursAndDays() {
        XCTAssertEqual(age(secondsAgo: 2 * 3_600 + 59 * 60), "2h")
        XCTAssertEqual(age(secondsAgo: 3 * 86_400 + 5 * 3_600), "3d")
    }

    func test_TWP1_weeksAfterSevenDays_andNowForSeconds() {
        XCTAssertEqual(age(secondsAgo: 15 * 86_400), "2w")
        XCTAssertEqual(age(secondsAgo: 0), "now")
        XCTAssertEqual(age(secondsAgo: 30), "now")
    }

    func test_TWP1_theCellKeepsItsTitleAndText() {
        let tweet = Tweet(id: "42", handle: "swiftlang", text: "Swift 6 🎉", date: now.addingTimeInterval(-120))
        let cell = TweetCellModel(tweet: tweet, now: now)
        XCTAssertEqual([cell.id, cell.title, cell.text, cell.age], ["42", "@swiftlang", "Swift 6 🎉", "2m"])
    }
}

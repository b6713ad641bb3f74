import Foundation
import TwitterFeed

/// The demo's offline accounts and timelines.
enum DemoAccounts {
    static var all: [TwitterClient.Account] {
        let now = Date()
        func tweet(_ id: String, _ handle: String, _ text: String, minutesAgo: Double) -> Tweet {
            Tweet(id: id, handle: handle, text: text, date: now.addingTimeInterval(-minutesAgo * 60))
        }
        return [
            TwitterClient.Account(
                username: "alice", password: "secret",
                timeline: [
                    tweet("1", "jack", "just setting up my twttr", minutesAgo: 3),
                    tweet("2", "swiftlang", "Swift 6 is here: data-race safety by default.", minutesAgo: 42),
                    tweet("3", "bob", "Coffee first, code review second.", minutesAgo: 95),
                ]),
            TwitterClient.Account(
                username: "bob", password: "hunter2",
                timeline: [
                    tweet("4", "alice", "Shipped the log-in screen. Tests green.", minutesAgo: 12),
                    tweet("5", "nasa", "Good morning from the International Space Station.", minutesAgo: 180),
                ]),
        ]
    }
}

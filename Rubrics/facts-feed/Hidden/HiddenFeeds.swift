import Foundation
import XCTest

// Shared by every FF<n>Tests file: feed texts and waiting helpers. Never imports the exercise module.

/// Feeds as the server might send them.
enum HiddenFeeds {
    /// A feed whose rows have every field present, ASCII only.
    static let plain = #"""
        {"title":"About Canada","rows":[
        {"title":"Beavers","description":"Beavers build dams.","imageHref":"https://images.example.com/beaver.jpg"},
        {"title":"Flag","description":"Red and white.","imageHref":"https://images.example.com/flag.png"},
        {"title":"Eh","description":"A question.","imageHref":"https://images.example.com/eh.jpg"}
        ]}
        """#

    /// A feed with accents and no null fields.
    static let accented = #"""
        {"title":"À propos du Canada","rows":[
        {"title":"Québec","description":"La ville de Québec.","imageHref":"https://images.example.com/quebec.jpg"},
        {"title":"Montréal","description":"Un Café sur le Plateau, près de l'Île.","imageHref":"https://images.example.com/mtl.jpg"}
        ]}
        """#

    /// The full fixture: fourteen rows in the real feed's shape, nulls, a row with every field null, accents.
    static let full = #"""
        {
        "title":"About Canada",
        "rows":[
            {
            "title":"Beavers",
            "description":"Beavers are second only to humans in their ability to manipulate and change their environment. They build dams across rivers and streams, then live in the ponds behind them.",
            "imageHref":"https://images.example.com/facts/beaver.jpg"
            },
            {
            "title":"Flag",
            "description":null,
            "imageHref":"https://images.example.com/facts/flag.png"
            },
            {
            "title":"Transportation",
            "description":"It is a well known fact that polar bears are the main mode of transportation in Canada. They use less gas and have the added benefit of being difficult to steal.",
            "imageHref":"https://images.example.com/facts/polar-bear.jpg"
            },
            {
            "title":"Hockey Night in Canada",
            "description":"These Saturday night CBC broadcasts originally aired on radio in 1931. In 1952 they debuted on television and continue to unite (and divide) the nation each week.",
            "imageHref":"https://images.example.com/facts/hockey.jpg"
            },
            {
            "title":"Eh",
            "description":"A chiefly Canadian interrogative utterance, usually expressing surprise or doubt or seeking confirmation.",
            "imageHref":null
            },
            {
            "title":"Québec",
            "description":"Québec is the largest province by area. Its capital, Québec City, is the only walled city north of Mexico; French is the official language.",
            "imageHref":"https://images.example.com/facts/quebec.jpg"
            },
            {
            "title":"Public Shame",
            "description":"Sadly it's true.",
            "imageHref":"https://images.example.com/facts/missing.jpg"
            },
            {
            "title":null,
            "description":null,
            "imageHref":null
            },
            {
            "title":"Space Program",
            "description":"Canada hopes to soon launch a man to the moon.",
            "imageHref":"https://images.example.com/facts/space.jpg"
            },
            {
            "title":"Montréal",
            "description":"Montréal is the second-largest French-speaking city in the world, after Paris. Its Café culture spills onto the terraces of the Plateau every summer.",
            "imageHref":"https://images.example.com/facts/montreal.jpg"
            },
            {
            "title":"Geography",
            "description":"It's really big.",
            "imageHref":null
            },
            {
            "title":null,
            "description":"Nobody knows the title of this fact, but the Île d'Orléans grows strawberries, and Noël in the Laurentides is très enneigé.",
            "imageHref":"http://images.example.com/facts/orleans.jpg"
            },
            {
            "title":"Mounties",
            "description":"They are the law. They are also Canada's foreign espionage service. Subtle.",
            "imageHref":"https://images.example.com/facts/mounties.jpg"
            },
            {
            "title":"Language",
            "description":"Nous parlons français et anglais. À bientôt!"
            }
        ]
        }

        """#

    /// `text` as ISO-8859-1 bytes, as the real server sends the feed.
    static func latin1(_ text: String) -> Data {
        text.data(using: .isoLatin1) ?? Data()
    }

    /// `text` as UTF-8 bytes.
    static func utf8(_ text: String) -> Data {
        Data(text.utf8)
    }
}

/// A URL from a literal known to be valid.
func hiddenURL(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/invalid")
}

/// Values an observer saw, appended under a lock: a submission whose outputs change off the main thread (FF8
/// undone) appends on another thread while the test reads on main, which an unlocked array would not survive.
final class LockedLog<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []

    func append(_ value: Value) { lock.withLock { items.append(value) } }
    var values: [Value] { lock.withLock { items } }
}

extension XCTestCase {
    /// Whether this test has failed already: its outcome is decided, so it waits for nothing more (a submission
    /// without lazy images would otherwise wait out every later wait of every test, 2 s each).
    private var hasFailed: Bool { (testRun?.totalFailureCount ?? 0) > 0 }

    /// Lets the main run loop (and the main queue) run until `condition` holds or `timeout` passes; once the test
    /// has failed, only checks `condition`.
    @discardableResult
    func waitUntil(timeout: TimeInterval = 2, _ condition: () -> Bool) -> Bool {
        let deadline = hasFailed ? Date() : Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            RunLoop.main.run(until: Date().addingTimeInterval(0.002))
        }
        return true
    }

    /// Lets the main run loop run for `seconds`: time for work that should not happen to show up (none once the
    /// test has failed).
    func settle(_ seconds: TimeInterval = 0.05) {
        let deadline = hasFailed ? Date() : Date().addingTimeInterval(seconds)
        while Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.002))
        }
    }
}

import Foundation

/// The demo's copy of the feed: the real feed's shape and quirks, written by us.
///
/// Fourteen rows: some fields null or missing, one row with every field null (dropped when decoded), text with
/// accents, and an image address that answers 404. The server sends the real feed as ISO-8859-1, so the demo
/// serves `latin1Bytes`; `Fixtures/facts.latin1.json` and `Fixtures/facts.utf8.json` hold the same bytes
/// (`swift run facts --print-fixture latin1|utf8` writes them).
enum FeedFixture {
    /// Where the demo pretends the feed lives.
    static let address = "https://facts.example.com/facts.json"

    static let json = #"""
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

    /// The feed as the real server sends it: ISO-8859-1 bytes.
    static var latin1Bytes: Data {
        guard let data = json.data(using: .isoLatin1) else {
            preconditionFailure("the fixture has only ISO-8859-1 characters")
        }
        return data
    }

    /// The same feed as UTF-8 bytes.
    static var utf8Bytes: Data { Data(json.utf8) }

    /// Stand-in bytes for the image at `url`: its name, so the demo can show which image a row got.
    static func imageBytes(for url: URL) -> Data {
        Data("<\(url.lastPathComponent)>".utf8)
    }
}

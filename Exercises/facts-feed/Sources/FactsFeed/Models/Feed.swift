import Foundation

/// The feed as the server sends it: `{"title": "About Canada", "rows": [{"title", "description", "imageHref"}]}`.
///
/// A missing or null title decodes as "", missing rows as none. Rows whose three fields are all empty are
/// dropped while decoding; the others keep the server's order.
public struct Feed: Equatable, Decodable {
    /// The feed's title, shown as the screen title.
    public var title: String
    /// The rows with something to show, in the server's order.
    public var rows: [FeedRow]

    /// A feed with `title` and `rows`, taken as they are (no rows dropped).
    public init(title: String, rows: [FeedRow]) {
        self.title = title
        self.rows = rows
    }

    private enum CodingKeys: String, CodingKey {
        case title, rows
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        let decoded = try container.decodeIfPresent([FeedRow].self, forKey: .rows) ?? []
        // TODO(FF3): Drop the rows with nothing to show (see FeedRow.isEmpty); keep the others in order.
        rows = decoded
    }
}

/// One fact of the feed. Any field may be null or missing in the JSON.
public struct FeedRow: Equatable, Decodable {
    public var title: String?
    public var description: String?
    /// The address of the row's image, as the feed spells it.
    public var imageHref: String?

    /// A row with the given fields.
    public init(title: String?, description: String?, imageHref: String?) {
        self.title = title
        self.description = description
        self.imageHref = imageHref
    }

    private enum CodingKeys: String, CodingKey {
        case title, description, imageHref
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // TODO(FF3): Each field may be null or missing: decode it as nil then, never fail the whole feed.
        title = try container.decode(String.self, forKey: .title)
        description = try container.decode(String.self, forKey: .description)
        imageHref = try container.decode(String.self, forKey: .imageHref)
    }

    /// Whether the row has nothing to show: title, description and imageHref all null, missing or blank.
    public var isEmpty: Bool {
        // TODO(FF3): A row is empty when all three fields are nil or only whitespace.
        false
    }
}

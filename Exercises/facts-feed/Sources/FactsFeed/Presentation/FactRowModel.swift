import Foundation

/// What a row shows where its image goes.
public enum RowImage: Equatable {
    /// The row has no image slot: its feed row had no usable imageHref.
    case none
    /// The slot shows a placeholder: the image is not loaded (yet, or it failed to load).
    case placeholder
    /// The image's bytes.
    case loaded(Data)
}

/// One row of the feed screen: everything a self-sizing cell needs.
///
/// The title and description are carried whole, never truncated: the cell grows to fit them.
public struct FactRowModel: Equatable {
    /// The title, or nil when the row has none (the cell hides the label).
    public var title: String?
    /// The description, or nil when the row has none.
    public var description: String?
    /// Where the row's image comes from; nil when the row has no image slot.
    public var imageURL: URL?
    /// The image slot's content.
    public var image: RowImage

    /// Whether the cell shows an image slot (so the UI lays it out).
    public var hasImageSlot: Bool { image != .none }

    /// A row with the given content.
    public init(title: String?, description: String?, imageURL: URL?, image: RowImage) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
        self.image = image
    }

    /// The row model of a feed row: its full texts, and a placeholder slot when it has an image address.
    public init(row: FeedRow) {
        let url = Self.imageURL(from: row.imageHref)
        // TODO(FF6): Carry the full title and description, untruncated (nil when the feed has none).
        self.init(title: nil, description: nil, imageURL: url, image: url == nil ? .none : .placeholder)
    }

    /// The URL of an imageHref; nil when it is missing, blank or not a URL.
    static func imageURL(from href: String?) -> URL? {
        let trimmed = (href ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let url = URL(string: trimmed), url.scheme != nil else { return nil }
        return url
    }
}

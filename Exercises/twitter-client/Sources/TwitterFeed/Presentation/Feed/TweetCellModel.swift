/// One row of the Tweet Feed: the poster's handle as the title, the tweet's text below.
public struct TweetCellModel: Equatable, Hashable, Identifiable, Sendable {
    /// The tweet's id.
    public let id: String
    /// "@" and the poster's handle: "@jack".
    public let title: String
    /// The tweet's text, as posted.
    public let text: String

    /// The cell for `tweet`.
    public init(tweet: Tweet) {
        id = tweet.id
        // TODO(TW5): Title the cell "@" + the poster's handle; the body is the tweet's text.
        title = ""
        text = ""
    }
}

/// The lists TMDb offers, one tab each.
public enum MovieCategory: String, CaseIterable, Equatable {
    case nowPlaying = "now_playing"
    case popular
    case topRated = "top_rated"
    case upcoming

    /// The tabs, in the order the app shows them.
    public static var tabs: [MovieCategory] {
        // TODO(MC1): Return the four categories in tab order: now playing, popular, top rated, upcoming.
        []
    }

    /// The tab and header title, derived from the endpoint name: "now_playing" → "Now Playing".
    public var title: String {
        // TODO(MC1): Derive the title from rawValue ("top_rated" → "Top Rated").
        rawValue
    }
}

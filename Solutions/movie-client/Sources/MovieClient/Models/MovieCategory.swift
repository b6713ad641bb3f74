/// The lists TMDb offers, one tab each.
public enum MovieCategory: String, CaseIterable, Equatable {
    case nowPlaying = "now_playing"
    case popular
    case topRated = "top_rated"
    case upcoming

    /// The tabs, in the order the app shows them.
    public static var tabs: [MovieCategory] {
        // BEGIN SOLUTION MC1: Return the four categories in tab order: now playing, popular, top rated, upcoming.
        [.nowPlaying, .popular, .topRated, .upcoming]
        // STUB: []
        // END SOLUTION
    }

    /// The tab and header title, derived from the endpoint name: "now_playing" → "Now Playing".
    public var title: String {
        // BEGIN SOLUTION MC1: Derive the title from rawValue ("top_rated" → "Top Rated").
        rawValue.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        // STUB: rawValue
        // END SOLUTION
    }
}

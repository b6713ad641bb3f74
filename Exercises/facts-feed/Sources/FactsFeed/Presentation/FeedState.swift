/// What the feed screen shows as a whole.
public enum FeedState: Equatable {
    /// Nothing asked for yet.
    case idle
    /// The first load (or a load after a failure) is under way and there are no rows to show.
    case loading
    /// The rows are shown (a refresh may be under way; see `FeedViewModel.isRefreshing`).
    case loaded
    /// Nothing to show: the load failed, with a message for the user.
    case failed(message: String)
}

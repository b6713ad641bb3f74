/// Loads the logged-in user's timeline.
public protocol TimelineLoading: AnyObject {
    /// Calls `completion` with the timeline, newest first, or why it could not be loaded.
    func loadTimeline(completion: @escaping (Result<[Tweet], TwitterClient.Error>) -> Void)
}

extension TwitterClient: TimelineLoading {}

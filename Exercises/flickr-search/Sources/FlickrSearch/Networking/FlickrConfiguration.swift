import Foundation

/// The app's Flickr settings: the one place the API key lives. Endpoints read it; no client logic holds a key.
public enum FlickrConfiguration {
    // TODO(FL1): Say here why an API key shipped inside the app is not a secret, and what a real app would do instead.
    /// The key sent as `api_key`: `FLICKR_API_KEY` from the environment when it is set (the demo's real-API
    /// mode), else a placeholder that only the offline fixtures accept.
    public static let apiKey = ProcessInfo.processInfo.environment["FLICKR_API_KEY"] ?? "offline-demo-key"

    /// Photos per page (`per_page`).
    public static let photosPerPage = 20
}

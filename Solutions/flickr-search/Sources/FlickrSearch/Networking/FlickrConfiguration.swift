import Foundation

/// The app's Flickr settings: the one place the API key lives. Endpoints read it; no client logic holds a key.
public enum FlickrConfiguration {
    // BEGIN SOLUTION FL1: Say here why an API key shipped inside the app is not a secret, and what a real app would do instead.
    // Why this key is not secure: whatever ships inside the app ships to every user. Anyone can pull the key out
    // of the binary (`strings` is enough; obfuscation only slows it down) or read it off the wire with a proxy,
    // then spend our rate limit or get the key revoked for everyone. An app key identifies the app; it cannot
    // authenticate it.
    // What a real app would do: keep the key out of the repository (inject it at build time from an untracked
    // .xcconfig or a CI secret into Info.plist, never commit it), and, for anything that matters, not ship it at
    // all: call its own backend, which holds the key, adds it to Flickr's requests, rate-limits and can rotate it
    // without an app release. Calls made on a user's behalf use OAuth, never a shared key.
    // STUB:
    // END SOLUTION
    /// The key sent as `api_key`: `FLICKR_API_KEY` from the environment when it is set (the demo's real-API
    /// mode), else a placeholder that only the offline fixtures accept.
    public static let apiKey = ProcessInfo.processInfo.environment["FLICKR_API_KEY"] ?? "offline-demo-key"

    /// Photos per page (`per_page`).
    public static let photosPerPage = 20
}

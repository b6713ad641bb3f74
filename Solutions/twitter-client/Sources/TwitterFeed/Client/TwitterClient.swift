import Foundation

/// The provided Twitter client: a stand-in for a real API with simulated latency.
///
/// Make one and inject it; there is no shared instance.
///
/// ```swift
/// let client = TwitterClient(
///     accounts: [.init(username: "alice", password: "secret", timeline: tweets)],
///     latency: 0.5, scheduler: QueueScheduler(queue: DispatchQueue(label: "network")))
/// ```
/// Callbacks and changes of `isLoggedIn` happen on `scheduler` (for `QueueScheduler`, on its queue), never
/// promised to be the main queue.
public final class TwitterClient {
    /// A user who can log in, with the timeline they see once logged in.
    public struct Account: Equatable, Sendable {
        public var username: String
        public var password: String
        public var timeline: [Tweet]

        public init(username: String, password: String, timeline: [Tweet]) {
            self.username = username
            self.password = password
            self.timeline = timeline
        }
    }

    /// Why a timeline could not be loaded.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// Nobody is logged in, or the session that asked ended before the answer came.
        case notLoggedIn
    }

    /// Whether a user is logged in; starts `false`.
    ///
    /// After every log-in attempt the client publishes the session state again: `true` when the credentials
    /// were right, `false` when they were wrong. `logOut()` sets it to `false`. Observe it with `observeNext`, the
    /// brief's word for `observe` (see Disposable.swift).
    public let isLoggedIn: ReadOnlyProperty<Bool>

    /// The simulated round-trip time of `logIn` and `loadTimeline`, in seconds.
    public let latency: TimeInterval

    private let accounts: [Account]
    private let scheduler: Scheduler
    private let loggedIn = Property(false)
    private let lock = NSLock()
    private var session: (account: Account, number: Int)?
    private var sessionCount = 0

    /// A client that accepts `accounts`' credentials and answers after `latency` seconds on `scheduler`.
    public init(accounts: [Account], latency: TimeInterval = 0.5, scheduler: Scheduler) {
        self.accounts = accounts
        self.latency = latency
        self.scheduler = scheduler
        isLoggedIn = loggedIn.readOnly
    }

    /// A client with one account.
    public convenience init(
        username: String, password: String, timeline: [Tweet], latency: TimeInterval = 0.5, scheduler: Scheduler
    ) {
        self.init(
            accounts: [Account(username: username, password: password, timeline: timeline)], latency: latency,
            scheduler: scheduler)
    }

    /// The username of the logged-in user, if any.
    public var currentUsername: String? { lock.withLock { session?.account.username } }

    /// Tries to log in. After `latency`, sets `isLoggedIn` to `true` when `username` and `password` match an
    /// account exactly (case and spaces count), or publishes `false` again when they do not. There is no
    /// error callback: with wrong credentials nothing else happens.
    public func logIn(username: String, password: String) {
        scheduler.schedule(after: latency) { [self] in
            let account = accounts.first { $0.username == username && $0.password == password }
            lock.withLock {
                guard let account else { return }
                sessionCount += 1
                session = (account, sessionCount)
            }
            loggedIn.value = account != nil || isLoggedIn.value
        }
    }

    /// Ends the session at once: `isLoggedIn` becomes `false`; timeline requests still in flight fail.
    public func logOut() {
        lock.withLock { session = nil }
        loggedIn.value = false
    }

    /// Loads the logged-in user's timeline, newest first, and calls `completion` after `latency` on the
    /// scheduler. Fails with `.notLoggedIn` when nobody is logged in, or when the session that asked has ended
    /// by the time the answer comes.
    public func loadTimeline(completion: @escaping (Result<[Tweet], TwitterClient.Error>) -> Void) {
        let asking = lock.withLock { session }
        scheduler.schedule(after: latency) { [self] in
            let current = lock.withLock { session?.number }
            guard let asking, asking.number == current else {
                completion(.failure(.notLoggedIn))
                return
            }
            completion(.success(asking.account.timeline.sorted { $0.date > $1.date }))
        }
    }
}

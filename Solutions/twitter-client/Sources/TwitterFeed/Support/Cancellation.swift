import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Work in flight that can be stopped: a request, an image load, a piece of scheduled work, an observation.
public protocol CancellableTask: AnyObject {
    /// Stops the work. Cancelling again does nothing.
    func cancel()
}

extension URLSessionTask: CancellableTask {}

/// A task whose cancellation runs a closure, once. Test fakes return one and look at `isCancelled`.
public final class BlockTask: CancellableTask {
    private let lock = NSLock()
    private var onCancel: (() -> Void)?
    private var cancelled = false

    /// A task that runs `onCancel` on its first `cancel()`.
    public init(onCancel: (() -> Void)? = nil) {
        self.onCancel = onCancel
    }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { lock.withLock { cancelled } }

    public func cancel() {
        let action = lock.withLock { () -> (() -> Void)? in
            guard !cancelled else { return nil }
            cancelled = true
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }
}

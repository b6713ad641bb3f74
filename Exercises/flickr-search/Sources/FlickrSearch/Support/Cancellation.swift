import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Work in flight that can be stopped: a request, an image load, a scheduled search.
public protocol CancellableTask: AnyObject {
    func cancel()
}

extension URLSessionTask: CancellableTask {}

/// A task whose cancellation runs a closure (once).
public final class BlockTask: CancellableTask {
    private var onCancel: (() -> Void)?
    public private(set) var isCancelled = false

    public init(onCancel: (() -> Void)? = nil) {
        self.onCancel = onCancel
    }

    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onCancel?()
        onCancel = nil
    }
}

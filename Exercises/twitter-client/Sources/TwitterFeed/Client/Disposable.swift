import Foundation

/// Something that can be stopped: an observation, a pending piece of work.
public protocol Disposable: AnyObject {
    /// Stops it. Calling `dispose()` again does nothing.
    func dispose()
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}

/// A disposable that runs an action once, on the first `dispose()`.
public final class BlockDisposable: Disposable {
    private let lock = NSLock()
    private var action: (() -> Void)?

    /// A disposable that runs `action` when disposed.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    public var isDisposed: Bool { lock.withLock { action == nil } }

    public func dispose() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { self.action = nil }
            return self.action
        }
        action?()
    }
}

/// Collects disposables and disposes them all when it is disposed or deallocated.
///
/// Give each screen model a bag: its observations end with it.
public final class DisposeBag: Disposable {
    private let lock = NSLock()
    private var disposables: [Disposable] = []
    private var disposed = false

    public init() {}

    deinit { dispose() }

    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Adds `disposable`; when the bag is already disposed, disposes it at once.
    public func insert(_ disposable: Disposable) {
        let keep = lock.withLock { () -> Bool in
            if !disposed { disposables.append(disposable) }
            return !disposed
        }
        if !keep { disposable.dispose() }
    }

    public func dispose() {
        let taken = lock.withLock { () -> [Disposable] in
            defer {
                disposables = []
                disposed = true
            }
            return disposables
        }
        for disposable in taken { disposable.dispose() }
    }
}

extension Disposable {
    /// Puts this disposable in `bag`, to be disposed with it.
    public func dispose(in bag: DisposeBag) {
        bag.insert(self)
    }
}

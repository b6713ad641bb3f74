import Foundation

// The brief's client API is ReactiveKit-style: `isLoggedIn.observeNext` returns a disposable, and screens keep
// their disposables in a `DisposeBag`. The twitter client keeps that vocabulary, because the provided client's API
// demands it (TW1). Underneath it is a thin layer over `Property` and `Observation` in Support/, the same files as
// in the kit's other exercises, which say `observe` and `cancel`.

/// Something that can be stopped: an observation.
public protocol Disposable: AnyObject {
    /// Stops it. Calling `dispose()` again does nothing.
    func dispose()
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}

/// A disposable that runs an action once, on the first `dispose()`.
public final class BlockDisposable: Disposable {
    private let task: BlockTask

    /// A disposable that runs `action` when disposed.
    public init(_ action: @escaping () -> Void) {
        task = BlockTask(onCancel: action)
    }

    public var isDisposed: Bool { task.isCancelled }

    public func dispose() {
        task.cancel()
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

extension Property {
    /// Calls `observer` with the current value now and with every later value, until the returned disposable is
    /// disposed: `observe(_:)` in the seed's words.
    @discardableResult
    public func observeNext(_ observer: @escaping (Value) -> Void) -> Disposable {
        let observation = observe(observer)
        return BlockDisposable { observation.cancel() }
    }
}

extension ReadOnlyProperty {
    /// Calls `observer` with the current value now and with every later value, until the returned disposable is
    /// disposed: `observe(_:)` in the seed's words.
    @discardableResult
    public func observeNext(_ observer: @escaping (Value) -> Void) -> Disposable {
        let observation = observe(observer)
        return BlockDisposable { observation.cancel() }
    }
}

import Foundation

/// A value that can be observed: observers get the current value at once, then every value set after it, so a
/// test can assert an output's whole history.
///
/// Every assignment is sent, also one that repeats the current value. Observers run on the thread that set
/// the value. Safe to use from several threads.
public final class Property<Value> {
    private let lock = NSLock()
    private var current: Value
    private var observers: [Int: (Value) -> Void] = [:]
    private var nextToken = 0

    /// A property holding `value`.
    public init(_ value: Value) {
        current = value
    }

    /// The current value; setting it sends the new value to every observer.
    public var value: Value {
        get { lock.withLock { current } }
        set {
            let receivers = lock.withLock { () -> [(Value) -> Void] in
                current = newValue
                return observers.sorted { $0.key < $1.key }.map(\.value)
            }
            for receiver in receivers { receiver(newValue) }
        }
    }

    /// Calls `observer` with the current value now and with every later value, until the returned observation
    /// is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping (Value) -> Void) -> Observation {
        let (token, value) = lock.withLock { () -> (Int, Value) in
            nextToken += 1
            observers[nextToken] = observer
            return (nextToken, current)
        }
        observer(value)
        return Observation { [weak self] in
            guard let self else { return }
            _ = self.lock.withLock { self.observers.removeValue(forKey: token) }
        }
    }

    /// A view of this property that can be observed but not set.
    public var readOnly: ReadOnlyProperty<Value> { ReadOnlyProperty(self) }
}

/// A property its owner sets and everyone else only reads and observes: a view model's output.
public final class ReadOnlyProperty<Value> {
    private let property: Property<Value>

    /// A read-only view of `property`.
    public init(_ property: Property<Value>) {
        self.property = property
    }

    /// The current value.
    public var value: Value { property.value }

    /// Calls `observer` with the current value now and with every later value, until the returned observation
    /// is cancelled.
    @discardableResult
    public func observe(_ observer: @escaping (Value) -> Void) -> Observation {
        property.observe(observer)
    }
}

/// An observer's registration; `cancel()` stops the calls. Observations are not cancelled on deinit: keep
/// them as long as the screen lives, cancel them when it goes.
public final class Observation {
    private let lock = NSLock()
    private var onCancel: (() -> Void)?

    /// An observation that runs `onCancel` once, when cancelled.
    public init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observer's calls. Cancelling twice does nothing.
    public func cancel() {
        let action = lock.withLock { () -> (() -> Void)? in
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }
}

import Foundation

/// A value that can be observed: observers get the current value at once, then every value set after it.
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

    /// Calls `observer` with the current value now and with every later value, until the returned disposable
    /// is disposed.
    @discardableResult
    public func observeNext(_ observer: @escaping (Value) -> Void) -> Disposable {
        let (token, value) = lock.withLock { () -> (Int, Value) in
            nextToken += 1
            observers[nextToken] = observer
            return (nextToken, current)
        }
        observer(value)
        return BlockDisposable { [weak self] in
            guard let self else { return }
            _ = self.lock.withLock { self.observers.removeValue(forKey: token) }
        }
    }

    /// How many observers are attached (not yet disposed): a way for tests to spot observations that leak.
    public var observerCount: Int { lock.withLock { observers.count } }

    /// A view of this property that can be observed but not set.
    public var readOnly: ReadOnlyProperty<Value> { ReadOnlyProperty(self) }
}

/// A property its owner sets and everyone else only reads and observes.
public final class ReadOnlyProperty<Value> {
    private let property: Property<Value>

    /// A read-only view of `property`.
    public init(_ property: Property<Value>) {
        self.property = property
    }

    /// A property that always holds `value`.
    public convenience init(constant value: Value) {
        self.init(Property(value))
    }

    /// The current value.
    public var value: Value { property.value }

    /// Calls `observer` with the current value now and with every later value, until the returned disposable
    /// is disposed.
    @discardableResult
    public func observeNext(_ observer: @escaping (Value) -> Void) -> Disposable {
        property.observeNext(observer)
    }

    /// How many observers are attached (not yet disposed).
    public var observerCount: Int { property.observerCount }
}

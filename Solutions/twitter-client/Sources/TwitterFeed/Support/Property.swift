import Foundation

/// A value that can be observed: an observer gets the current value at once, then every value set after it, so a
/// test can assert an output's whole history.
///
/// Every assignment is sent, also one that repeats the current value. Observers run on the thread that set the
/// value, in the order they started observing. Safe to use from several threads.
public final class Property<Value> {
    private let lock = NSLock()
    private var current: Value
    private var observers: [(token: Int, observer: (Value) -> Void)] = []
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
                return observers.map(\.observer)
            }
            for receiver in receivers { receiver(newValue) }
        }
    }

    /// Calls `observer` with the current value now and with every later value, until the returned observation is
    /// cancelled.
    @discardableResult
    public func observe(_ observer: @escaping (Value) -> Void) -> Observation {
        let (token, value) = lock.withLock { () -> (Int, Value) in
            nextToken += 1
            observers.append((nextToken, observer))
            return (nextToken, current)
        }
        observer(value)
        return Observation { [weak self] in self?.removeObserver(token) }
    }

    /// How many observers are attached (not yet cancelled): a way for tests to spot observations that leak.
    public var observerCount: Int { lock.withLock { observers.count } }

    /// A view of this property that can be observed but not set.
    public var readOnly: ReadOnlyProperty<Value> { ReadOnlyProperty(self) }

    private func removeObserver(_ token: Int) {
        lock.withLock { observers.removeAll { $0.token == token } }
    }
}

/// A property its owner sets and everyone else only reads and observes: a view model's output.
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

    /// Calls `observer` with the current value now and with every later value, until the returned observation is
    /// cancelled.
    @discardableResult
    public func observe(_ observer: @escaping (Value) -> Void) -> Observation {
        property.observe(observer)
    }

    /// How many observers are attached (not yet cancelled).
    public var observerCount: Int { property.observerCount }
}

/// An observer's registration: `cancel()` stops the calls; cancelling twice does nothing.
///
/// Releasing an observation does not cancel it: keep it as long as the screen lives and cancel it when the screen
/// goes (or keep it in something that cancels it then).
public typealias Observation = BlockTask

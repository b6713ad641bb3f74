import Foundation

/// A value that screens observe: `observe` sends the current value, then every change, until the returned
/// token is cancelled or released. View models expose their outputs as `Observable`s.
public final class Observable<Value> {
    public private(set) var value: Value
    private var observers: [UUID: (Value) -> Void] = [:]

    public init(_ value: Value) {
        self.value = value
    }

    /// Calls `handler` with the current value now and with every later value.
    public func observe(_ handler: @escaping (Value) -> Void) -> ObservationToken {
        let id = UUID()
        observers[id] = handler
        handler(value)
        return ObservationToken { [weak self] in self?.observers[id] = nil }
    }

    /// Sets a new value and tells every observer.
    public func send(_ newValue: Value) {
        value = newValue
        for observer in observers.values { observer(newValue) }
    }
}

/// Keeps an observation alive; cancelling or releasing it stops the observation.
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    init(_ onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    deinit { cancel() }
}

import Synchronization

/// A thread-safe boolean that starts false.
public final class Flag: Sendable {
    private let value = Mutex(false)

    public init() {}

    /// Whether it was set.
    public var isSet: Bool { value.withLock { $0 } }

    /// Sets it (once set, it stays set).
    public func set() {
        value.withLock { $0 = true }
    }
}

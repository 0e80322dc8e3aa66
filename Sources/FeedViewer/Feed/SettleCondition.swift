/// When a snapshot stops waiting: after scrolling, every visible item has loaded or failed.
public struct SettleCondition: Hashable, Sendable {
    /// Lines to scroll once the first page is shown.
    public var scroll: Int
    /// The longest wait for every visible item to settle.
    public var wait: Duration

    /// Creates a condition.
    public init(scroll: Int, wait: Duration) {
        self.scroll = scroll
        self.wait = wait
    }
}

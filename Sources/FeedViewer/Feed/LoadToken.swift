/// Names one load the model asked for. Phases carry it back, so a phase of a load the model
/// has since replaced or cancelled is recognised and dropped.
public struct LoadToken: Hashable, Sendable, CustomStringConvertible {
    /// Unique within one model.
    public var value: Int

    /// Creates a token.
    public init(_ value: Int) {
        self.value = value
    }

    public var description: String { "#\(value)" }
}

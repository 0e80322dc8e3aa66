/// Whose load a loader serves: one photo's item, or the detail view.
public enum LoadSlot: Hashable, Sendable, CustomStringConvertible {
    /// The list item of a photo.
    case item(PhotoKey)
    /// The detail view (one at a time).
    case detail
    /// The photo next to the detail view's, the way it last moved, loading at the detail
    /// view's size so stepping to it shows it sharp at once (one at a time).
    case ahead

    public var description: String {
        switch self {
        case .item(let key): "photo \(key)"
        case .detail: "detail"
        case .ahead: "ahead"
        }
    }
}

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

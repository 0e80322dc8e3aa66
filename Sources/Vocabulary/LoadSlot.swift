/// Whose load: one photo's item in a list (by the photo's key), the detail view, or the photo
/// loading ahead of it. The viewer's loaders and the load records name loads by it.
public enum LoadSlot: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The list item of a photo.
    case item(PhotoKey)
    /// The detail view (one at a time).
    case detail
    /// The photos next to the detail view's (the ones `j` and `k` go to), loading at the
    /// detail view's size so stepping to one shows it sharp at once.
    case ahead
    /// The photo the compare view shows beside the detail view's (`V`; one at a time).
    case compared

    public var description: String {
        switch self {
        case .item(let key): "photo \(key)"
        case .detail: "detail"
        case .ahead: "ahead"
        case .compared: "compared"
        }
    }
}

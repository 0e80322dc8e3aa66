/// A photo's identity in the viewer: the source's id, told apart from earlier photos with the
/// same id (a URL list may name one URL twice) by its occurrence.
///
/// Per-photo state is keyed by this, not by the photo's position, so it survives anything
/// that moves photos on screen (scrolling, a grid reflowing, pages arriving).
///
/// ```swift
/// let key = PhotoKey(id: "1084")          // the first photo with id 1084
/// key.description                           // "1084"
/// PhotoKey(id: "a.jpg", occurrence: 1)     // "a.jpg#2"
/// ```
public struct PhotoKey: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The source's id.
    public var id: String
    /// 0 for the first photo with this id, 1 for the second, …
    public var occurrence: Int

    /// Creates a key.
    public init(id: String, occurrence: Int = 0) {
        self.id = id
        self.occurrence = occurrence
    }

    /// The first photo with the id `value` (`"1084"` is `PhotoKey(id: "1084")`).
    public init(stringLiteral value: String) {
        self.init(id: value)
    }

    public var description: String { occurrence == 0 ? id : "\(id)#\(occurrence + 1)" }

    /// By id, then by occurrence.
    public static func < (lhs: PhotoKey, rhs: PhotoKey) -> Bool {
        (lhs.id, lhs.occurrence) < (rhs.id, rhs.occurrence)
    }
}

/// Text attributes of a cell (bold, dim, reverse, underline), as an option set.
///
/// ```swift
/// let title: CellAttributes = [.bold, .reverse]
/// ```
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (or bright) text.
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = CellAttributes(rawValue: 1 << 1)
    /// Foreground and background swapped.
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = CellAttributes(rawValue: 1 << 3)
}

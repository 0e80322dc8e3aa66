public import Vocabulary

/// One terminal cell: a grapheme with its colours and attributes.
///
/// A wide grapheme (CJK, emoji) occupies two columns: the first cell holds the
/// grapheme and the second is a *continuation* cell that screens skip when they
/// draw.
///
/// ```swift
/// let cell = ScreenCell("▀", style: CellStyle(foreground: .rgb(255, 0, 0), background: .indexed(16)))
/// ```
public struct ScreenCell: Hashable, Sendable {
    /// The grapheme drawn in this cell (a space for a blank cell).
    public var grapheme: Character
    /// Colours and attributes.
    public var style: CellStyle
    /// True for the right half of a wide grapheme drawn in the cell before it.
    public var isContinuation: Bool

    /// Creates a cell holding `grapheme`.
    public init(_ grapheme: Character = " ", style: CellStyle = .plain) {
        self.grapheme = grapheme
        self.style = style
        self.isContinuation = false
    }

    /// A blank cell with the default look.
    public static let blank = ScreenCell()

    /// The right half of a wide grapheme, carrying the same style.
    public static func continuation(style: CellStyle) -> ScreenCell {
        var cell = ScreenCell(" ", style: style)
        cell.isContinuation = true
        return cell
    }

    /// A blank cell with the given background colour.
    public static func blank(background: CellColor) -> ScreenCell {
        ScreenCell(" ", style: CellStyle(background: background))
    }
}

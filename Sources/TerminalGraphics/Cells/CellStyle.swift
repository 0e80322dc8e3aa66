public import Vocabulary

/// The look of a cell apart from its character: colours and attributes.
///
/// ```swift
/// let error = CellStyle(foreground: .red, attributes: .bold)
/// ```
public struct CellStyle: Hashable, Sendable {
    /// The foreground (glyph) colour.
    public var foreground: CellColor
    /// The background colour.
    public var background: CellColor
    /// Bold, dim, reverse, underline.
    public var attributes: CellAttributes

    /// Creates a style; every part defaults to the terminal's default.
    public init(
        foreground: CellColor = .default,
        background: CellColor = .default,
        attributes: CellAttributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = CellStyle()
}

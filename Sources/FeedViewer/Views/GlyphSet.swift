/// The characters views draw with: Unicode by default, ASCII for terminals without UTF-8.
public struct GlyphSet: Hashable, Sendable {
    /// The failure mark (✗ or x).
    public var failure: Character
    /// Separator between parts of a line (· or -).
    public var separator: String
    /// Ellipsis for truncated text (… or ...).
    public var ellipsis: String
    /// Filled and empty cells of a progress bar (▓░ or #.).
    public var barFilled: Character
    /// The empty part of a progress bar.
    public var barEmpty: Character
    /// The "by" sign in sizes (× or x).
    public var times: String
    /// Spinner frames (braille, or |/-\).
    public var spinner: [Character]
    /// Box corners and edges: top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
    public var box: [Character]
    /// The shimmer band, from faint to bright, used when colours are off.
    public var shade: [Character]
    /// Before a marked photo's name (● or *).
    public var mark: Character = "●"
    /// A picture drawn from a damaged file or a cut download, as far as it decoded (◐ or ~).
    public var damaged: Character = "◐"
    /// A star of a culling decision (★ or *).
    public var star: Character = "★"
    /// The stars not given, after the given ones (☆; nil: none drawn, as in ASCII's `***`).
    public var noStar: Character? = "☆"
    /// A picked photo (⚑ or P).
    public var picked: Character = "⚑"
    /// A rejected photo (✗ or X).
    public var rejected: Character = "✗"
    /// A colour label's swatch, drawn in the label's colour (■; nil: the label's initial).
    public var swatch: Character? = "■"

    /// Unicode glyphs.
    public static let unicode = GlyphSet(
        failure: "✗", separator: " · ", ellipsis: "…", barFilled: "▓", barEmpty: "░", times: "×",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"],
        box: ["╭", "╮", "╰", "╯", "─", "│"],
        shade: ["░", "▒", "▓"]
    )

    /// Plain ASCII glyphs.
    public static let ascii = GlyphSet(
        failure: "x", separator: " - ", ellipsis: "...", barFilled: "#", barEmpty: ".", times: "x",
        spinner: ["|", "/", "-", "\\"],
        box: ["+", "+", "+", "+", "-", "|"],
        shade: [".", ":", "#"],
        mark: "*",
        damaged: "~",
        star: "*",
        noStar: nil,
        picked: "P",
        rejected: "X",
        swatch: nil
    )

    /// These glyphs with ASCII's culling marks, for a font without ★ ⚑ ✗ ■ (the Linux console's).
    public func withASCIIDecisions() -> GlyphSet {
        var glyphs = self
        glyphs.star = Self.ascii.star
        glyphs.noStar = Self.ascii.noStar
        glyphs.picked = Self.ascii.picked
        glyphs.rejected = Self.ascii.rejected
        glyphs.swatch = Self.ascii.swatch
        return glyphs
    }
}

import TerminalText
public import TerminalGraphics
import Vocabulary

/// The bottom line while `/` is typed: the slash, the text with a cursor after it, and how
/// many photos match on the right ("12 of 240"), like less's and fzf's prompts.
///
/// ```swift
/// FilterPromptLine(text: "beach", matches: 12, total: 240).render(width: 80, glyphs: .unicode)
/// // "/beach▏                                                          12 of 240"
/// ```
public struct FilterPromptLine: Hashable, Sendable {
    /// The text typed so far (the user's: sanitised before it is drawn).
    public var text: String
    /// Photos that match it, and photos in all.
    public var matches: Int
    public var total: Int

    /// A prompt line.
    public init(text: String, matches: Int, total: Int) {
        self.text = text
        self.matches = matches
        self.total = total
    }

    /// The line, `width` columns wide: the count goes first when the width is short, then the
    /// start of the text (the end, where the cursor is, stays).
    public func render(width: Int, glyphs: GlyphSet) -> CellBlock {
        var block = CellBlock(size: CellSize(columns: max(0, width), rows: 1))
        guard width > 0 else { return block }
        let count = " \(matches) of \(total) "
        let countWidth = DisplayWidth.of(count)
        let room = width - 2  // the slash and the cursor
        var shown = TextSanitizer.sanitize(text)
        let keepsCount = room - DisplayWidth.of(shown) >= countWidth
        let textRoom = keepsCount ? room - countWidth : room
        while DisplayWidth.of(shown) > max(0, textRoom), !shown.isEmpty { shown.removeFirst() }
        let style = CellStyle()
        var column = block.write("/" + shown, at: .zero, style: style, maxWidth: width)
        if column < width {
            column += block.write(" ", at: CellPoint(row: 0, column: column), style: CellStyle(attributes: .reverse))
        }
        if keepsCount, column + countWidth <= width {
            let dim = CellStyle(foreground: matches == 0 ? .red : .default, attributes: .dim)
            _ = block.write(count, at: CellPoint(row: 0, column: width - countWidth), style: dim)
        }
        return block
    }
}

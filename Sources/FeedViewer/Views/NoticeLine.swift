import TerminalText
public import TerminalGraphics
import TerminalScreen
import Vocabulary

/// One line of text centred across the screen, cut to fit: what the list says when it has
/// nothing to show ("no photo matches /xyz · Esc shows all").
public enum NoticeLine {
    /// The line, `width` columns wide.
    public static func render(_ text: String, width: Int, glyphs: GlyphSet) -> CellBlock {
        var block = CellBlock(size: CellSize(columns: max(0, width), rows: 1))
        guard width > 0 else { return block }
        let clean = TextTruncation.truncate(TextSanitizer.sanitize(text), toWidth: width, ellipsis: glyphs.ellipsis)
        Placeholder.writeCentered(clean, in: &block, row: 0, style: CellStyle(attributes: .bold))
        return block
    }
}

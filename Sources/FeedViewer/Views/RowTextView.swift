import TerminalText
public import TerminalGraphics
import TerminalScreen
import Vocabulary
/// Renders an item's text: author, `#id · W×H`, and the state line (as many as fit in `lines`).
public enum RowTextView {
    /// Lines of text in a list item's column.
    public static let lineCount = 3

    /// The text as a block `width` wide and `lines` tall.
    public static func render(
        _ model: RowViewModel, width: Int, lines: Int = lineCount, focused: Bool, glyphs: GlyphSet = .unicode,
        colors: Bool = true
    ) -> CellBlock {
        var block = CellBlock(size: CellSize(columns: width, rows: lines))
        guard width > 0 else { return block }
        let prefix = model.marked && width > 2 ? 2 : 0
        if prefix > 0 {
            block.write(String(glyphs.mark), at: .zero, style: CellStyle(foreground: .yellow, attributes: .bold))
        }
        let author = TextTruncation.truncate(
            authorText(model.author), toWidth: width - prefix, ellipsis: glyphs.ellipsis)
        block.write(author, at: CellPoint(row: 0, column: prefix), style: authorStyle(model, focused: focused))

        // The decision first (it is what a cull looks for), then `#id · W×H`.
        var details = DecisionBadge.text(model.decision, unsaved: model.decisionUnsaved, glyphs: glyphs, colors: colors)
        if !details.plain.isEmpty { details.append(glyphs.separator, style: CellStyle(attributes: .dim)) }
        details.append(detailsText(model, glyphs: glyphs), style: CellStyle(attributes: .dim))
        block.write(fitted(details, width: width, glyphs: glyphs), at: CellPoint(row: 1, column: 0))

        block.write(fitted(StateLine.text(for: model.state, damage: model.damage, glyphs: glyphs), width: width, glyphs: glyphs),
                    at: CellPoint(row: 2, column: 0))
        return block
    }

    /// The author's style: bold (reversed when focused), dim for a rejected photo.
    static func authorStyle(_ model: RowViewModel, focused: Bool) -> CellStyle {
        var attributes: CellAttributes = focused ? [.bold, .reverse] : .bold
        if model.isRejected { attributes.insert(.dim) }
        return CellStyle(attributes: attributes)
    }

    /// The author, sanitised; "unknown" when nothing printable is left.
    public static func authorText(_ author: String) -> String {
        let clean = TextSanitizer.sanitize(author).trimmingSpaces()
        return clean.isEmpty ? "unknown" : clean
    }

    /// `#id · RAW+JPG · W×H` (the shot's badge only for a RAW and its JPEG; no size when it is
    /// unknown).
    public static func detailsText(_ model: RowViewModel, glyphs: GlyphSet = .unicode) -> String {
        var text = "#" + TextSanitizer.sanitize(model.id)
        if let badge = model.shotBadge { text += glyphs.separator + badge }
        if let size = model.imageSize { text += glyphs.separator + "\(size.columns)\(glyphs.times)\(size.rows)" }
        if let saving = model.saving { text += glyphs.separator + (saving < 0 ? "saving" : "saving \(saving)%") }
        return text
    }

    /// Styled text cut to `width`, with the ellipsis in the style of the last kept run.
    static func fitted(_ text: StyledText, width: Int, glyphs: GlyphSet) -> StyledText {
        guard text.width > width else { return text }
        let plain = TextTruncation.truncate(text.plain, toWidth: width, ellipsis: glyphs.ellipsis)
        var remaining = DisplayWidth.of(plain) - DisplayWidth.of(glyphs.ellipsis)
        var result = StyledText()
        var lastStyle = CellStyle.plain
        for run in text.runs where remaining > 0 {
            let piece = TextTruncation.truncate(run.text, toWidth: remaining, ellipsis: "")
            result.append(piece, style: run.style)
            remaining -= DisplayWidth.of(piece)
            lastStyle = run.style
            if DisplayWidth.of(piece) < DisplayWidth.of(run.text) { break }
        }
        result.append(glyphs.ellipsis, style: lastStyle)
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces.
    func trimmingSpaces() -> String {
        TextTruncation.trimmed(self)
    }
}

public import TerminalGraphics
public import TerminalScreen
import Vocabulary
/// Renders a grid cell's one-line caption: the load's state glyph, then the author.
///
/// While loading: a spinner frame and the percentage when known (`⠹ 43% Alejandro…`), the
/// percentage alone while a progressive preview shows (`43% Alejandro…`); on
/// failure the failure mark (`✗ Paul Jarvis`); a damaged picture the damaged mark and the share
/// decoded (`◐ 60% Paul Jarvis`); once loaded whole, the author alone. A RAW and its JPEG
/// shown as one photo have their shot's badge before the name (`RAW+JPG IMG_0042.JPG`). The author is
/// sanitised and cut by display width with an ellipsis, never inside a character: a wide
/// character that would only half fit is left out, combining marks stay with their base.
///
/// ```swift
/// let caption = CaptionView.text(for: model, width: 20, frame: 3)   // "⠸ 43% Alejandro Esc…"
/// ```
public enum CaptionView {
    /// The caption as styled text at most `width` columns wide, at animation frame `frame`.
    public static func text(
        for model: RowViewModel, width: Int, frame: Int, focused: Bool = false, colors: Bool = true,
        glyphs: GlyphSet = .unicode
    ) -> StyledText {
        var line = StyledText()
        guard width > 0 else { return line }
        if model.marked, width > 4 {
            line.append(String(glyphs.mark), style: CellStyle(foreground: .yellow, attributes: .bold))
            line.append(" ")
        }
        let badge = DecisionBadge.text(model.decision, unsaved: model.decisionUnsaved, glyphs: glyphs, colors: colors, compact: true)
        if !badge.plain.isEmpty, badge.width + 4 < width {
            line.append(badge)
            line.append(" ")
        }
        let mark = stateMark(model, frame: frame, colors: colors, glyphs: glyphs)
        if !mark.plain.isEmpty, mark.width + 1 < width {
            line.append(mark)
            line.append(" ")
        }
        // A shot's badge before the name, when the name keeps room beside it.
        if let shot = model.shotBadge, shot.count + 6 < width - line.width {
            line.append(shot, style: CellStyle(attributes: .dim))
            line.append(" ")
        }
        var author = TextTruncation.truncate(
            RowTextView.authorText(model.author), toWidth: width - line.width, ellipsis: glyphs.ellipsis)
        // "Alejandro …" reads better as "Alejandro…": the space the cut left before the ellipsis goes.
        while author.hasSuffix(" " + glyphs.ellipsis) {
            author.removeLast(glyphs.ellipsis.count + 1)
            author += glyphs.ellipsis
        }
        line.append(author, style: RowTextView.authorStyle(model, focused: focused))
        return line
    }

    /// The caption as a block `width` columns wide.
    public static func render(
        _ model: RowViewModel, width: Int, frame: Int, focused: Bool, colors: Bool = true, glyphs: GlyphSet = .unicode
    ) -> CellBlock {
        var block = CellBlock(size: CellSize(columns: max(0, width), rows: 1))
        block.write(
            text(for: model, width: width, frame: frame, focused: focused, colors: colors, glyphs: glyphs),
            at: .zero)
        return block
    }

    /// The state glyph: spinner (and percentage) while the box shows a placeholder, the failure
    /// mark after a failure, nothing once loaded.
    static func stateMark(_ model: RowViewModel, frame: Int, colors: Bool, glyphs: GlyphSet) -> StyledText {
        if case .failed = model.state, model.picture == nil {
            return StyledText(String(glyphs.failure), style: CellStyle(foreground: colors ? .red : .default, attributes: .bold))
        }
        // A damaged picture: the mark and the share decoded (`◐ 60%`).
        if let damage = model.damage, case .loaded = model.state {
            return StyledText("\(glyphs.damaged) \(damage.shortShare)", style: CellStyle(foreground: colors ? .yellow : .default, attributes: .bold))
        }
        // A preview in the box is still loading: its percentage (no spinner: nothing animates
        // a row that shows a picture).
        if case .preview(_, let completed, let expected?) = model.state, expected > 0 {
            return StyledText("\(StateLine.percent(completed, of: expected))%", style: CellStyle(foreground: colors ? .gray : .default))
        }
        guard model.showsPlaceholder, !glyphs.spinner.isEmpty else { return StyledText() }
        var mark = String(glyphs.spinner[max(0, frame) % glyphs.spinner.count])
        if case .loading(let completed, let expected?, _) = model.state, expected > 0 {
            mark += " \(StateLine.percent(completed, of: expected))%"
        }
        return StyledText(mark, style: CellStyle(foreground: colors ? .gray : .default))
    }
}

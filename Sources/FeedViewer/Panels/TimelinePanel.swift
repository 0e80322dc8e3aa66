public import TerminalGraphics
import TerminalScreen
public import Vocabulary
/// The event log's timeline mode (`l`, then `t`): one lane per item on screen, the last seconds
/// drawn left to right, one cell per slice of time, now at the right edge.
///
/// ```
/// ╭ timeline · last 6 s ────────────────────────────────────────╮
/// │ row 4    +·····▁▂▃▄✕            +··↻▅▆▇█▒✓                  │
/// │ row 5    +··▂▄▆█▒✓                                          │
/// ╰── · queued, waiting ▁▄█ downloading ▒ decoding + appear … ╯
/// ```
///
/// A download's cells rise with its progress (▁ to █), so a load cut when its row left and
/// picked up where it stopped when it came back reads as a ramp, a ✕, a gap, a ↻ and the
/// ramp going on from the same height.
public enum TimelinePanel {
    /// One lane to draw: its label ("row 4") and its history (nil: nothing happened yet).
    public struct Row: Sendable {
        public var label: String
        public var lane: LoadTimeline.Lane?

        public init(label: String, lane: LoadTimeline.Lane?) {
            self.label = label
            self.lane = lane
        }
    }

    /// The panel as a `size` block: `rows` (as many as fit), the `span` before `now`.
    public static func render(
        _ rows: [Row], now: Duration, span: Duration = .seconds(6), size: CellSize, glyphs: GlyphSet = .unicode
    ) -> CellBlock {
        let labelWidth = 9
        let width = max(1, size.columns - 4 - labelWidth)
        let lines = rows.prefix(max(0, size.rows - 2)).map { row in
            var line = StyledText(EventLogPanel.pad(row.label, to: labelWidth, left: false), style: CellStyle(foreground: .gray))
            line.append(lane(row.lane, now: now, span: span, width: width, glyphs: glyphs))
            return line
        }
        let seconds = Int(span / .seconds(1))
        let legend =
            glyphs == .ascii
            ? ". waiting =# downloading ~ decoding + appear - disappear x cancel r resume ! failed * done | t events"
            : "· waiting ▁▄█ downloading ▒ decoding + appear - disappear ✕ cancel ↻ resume ! failed ✓ done · t events"
        return PanelBox.render(title: "timeline" + glyphs.separator + "last \(seconds) s", lines: lines, footer: legend, size: size, glyphs: glyphs)
    }

    /// One lane, `width` cells: each cell shows the mark in its slice of time, else the span.
    static func lane(_ lane: LoadTimeline.Lane?, now: Duration, span: Duration, width: Int, glyphs: GlyphSet) -> StyledText {
        var text = StyledText()
        guard let lane else { return text }
        let slice = span / width
        let start = now - span
        var cells: [(String, CellStyle)] = []
        for column in 0..<width {
            let from = start + slice * column
            // The last cell takes in `now` itself.
            let to = column == width - 1 ? max(from + slice, now + .nanoseconds(1)) : from + slice
            if let moment = lane.marks.last(where: { $0.time >= from && $0.time < to }) {
                cells.append(mark(moment.mark, glyphs: glyphs))
            } else if let active = lane.spans.last(where: { $0.start < to && ($0.end ?? now) >= from && $0.start <= now }) {
                cells.append(cell(active, at: min(to, now), glyphs: glyphs))
            } else {
                cells.append((" ", .plain))
            }
        }
        // Trailing blanks are left out (the panel is blank there anyway).
        while cells.last?.0 == " " { cells.removeLast() }
        for (glyph, style) in cells { text.append(glyph, style: style) }
        return text
    }

    static func cell(_ span: LoadTimeline.Span, at time: Duration, glyphs: GlyphSet) -> (String, CellStyle) {
        switch span.kind {
        case .queued:
            return (glyphs == .ascii ? "." : "·", CellStyle(foreground: .gray))
        case .decoding:
            return (glyphs == .ascii ? "~" : "▒", CellStyle(foreground: .indexed(5)))
        case .downloading:
            // Asked, no byte yet (the latency, or a resume's head on its way).
            guard let fraction = span.fraction(at: time) else {
                return (glyphs == .ascii ? "." : "·", CellStyle(foreground: .indexed(4)))
            }
            if glyphs == .ascii { return (fraction >= 0.5 ? "#" : "=", CellStyle(foreground: .indexed(4))) }
            let ramp: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
            let level = min(ramp.count - 1, Int(fraction * Double(ramp.count)))
            return (String(ramp[level]), CellStyle(foreground: .indexed(4)))
        }
    }

    static func mark(_ mark: LoadTimeline.Mark, glyphs: GlyphSet) -> (String, CellStyle) {
        let ascii = glyphs == .ascii
        switch mark {
        case .appear: return ("+", CellStyle(foreground: .green))
        case .disappear: return ("-", CellStyle(foreground: .gray))
        case .cancel: return (ascii ? "x" : "✕", CellStyle(foreground: .yellow, attributes: .bold))
        case .resume: return (ascii ? "r" : "↻", CellStyle(foreground: .indexed(6), attributes: .bold))
        case .failure: return ("!", CellStyle(foreground: .red, attributes: .bold))
        case .done: return (ascii ? "*" : "✓", CellStyle(foreground: .green))
        }
    }
}

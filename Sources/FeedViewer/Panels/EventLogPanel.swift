import TerminalText
public import TerminalGraphics
public import TerminalScreen
public import Vocabulary
/// The event-log panel (`l`): the newest pipeline events in a bordered box, newest at the bottom.
///
/// Each line reads `  12.345s  row 7    start` — the time since the viewer started, the row
/// (1-based, or "feed") and the event, coloured by what it means (green hits, red failures,
/// yellow cancels, cyan resumes).
public enum EventLogPanel {
    /// The panel as a `size` block: as many newest entries as fit.
    public static func render(
        _ log: PipelineEventLog,
        size: CellSize,
        glyphs: GlyphSet = .unicode
    ) -> CellBlock {
        let lines = log.suffix(max(0, size.rows - 2)).map { line(for: $0) }
        let title = "events" + (log.isEmpty ? "" : " (\(log.count))")
        return PanelBox.render(title: title, lines: lines, footer: "t timeline · l closes", size: size, glyphs: glyphs)
    }

    /// One entry as a styled line.
    public static func line(for entry: PipelineEventLog.Entry) -> StyledText {
        var text = StyledText(pad(time(entry.time), to: 9, left: true) + "  ", style: CellStyle(foreground: .gray))
        text.append(pad(entry.row.map { "row \($0 + 1)" } ?? "feed", to: 9, left: false))
        let style = entry.flagged ? CellStyle(foreground: .red, attributes: .bold) : style(for: entry.kind)
        text.append(TextSanitizer.sanitize(describe(entry.kind)) + (entry.flagged ? " ✗" : ""), style: style)
        return text
    }

    /// The words for an event kind.
    public static func describe(_ kind: PipelineEventLog.Kind) -> String {
        switch kind {
        case .appear: "appear"
        case .disappear: "disappear"
        case .prefetch: "prefetch"
        case .start: "start"
        case .progress(let completed, let expected?) where expected > 0:
            "progress \(min(100, completed * 100 / expected))% \(ByteCountFormat.string(Int64(completed)))"
        case .progress(let completed, _): "progress \(ByteCountFormat.string(Int64(completed)))"
        case .cancel: "cancel"
        case .lowerPriority: "lower priority"
        case .resume(let offset): "resume at \(ByteCountFormat.string(Int64(offset)))"
        case .coalesced: "coalesced"
        case .memoryHit: "memory hit"
        case .diskHit: "disk hit"
        case .failed(let reason): "failed: \(reason)"
        case .finished(let source): "finished (\(source))"
        case .note(let text): text
        case .violation(let text): "✗ " + text
        }
    }

    static func style(for kind: PipelineEventLog.Kind) -> CellStyle {
        switch kind {
        case .memoryHit, .diskHit, .finished: CellStyle(foreground: .green)
        case .failed, .violation: CellStyle(foreground: .red, attributes: .bold)
        case .cancel, .lowerPriority: CellStyle(foreground: .yellow)
        case .resume, .coalesced: CellStyle(foreground: .indexed(6))
        case .progress, .disappear, .note: CellStyle(attributes: .dim)
        case .appear, .prefetch, .start: .plain
        }
    }

    /// `12.345s` (negative times as 0).
    static func time(_ duration: Duration) -> String {
        let millis = max(0, Int(duration / .milliseconds(1)))
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction + "s"
    }

    static func pad(_ text: String, to width: Int, left: Bool) -> String {
        let gap = max(0, width - DisplayWidth.of(text))
        let spaces = String(repeating: " ", count: gap)
        return left ? spaces + text : text + spaces
    }
}

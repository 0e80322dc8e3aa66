/// Renders the one-line status bar at the bottom of the screen.
///
/// Segments are dropped, least important first, until the line fits:
/// position, loader counts, cache hit rates, bytes, frame time, then the feed
/// source.
///
/// ```swift
/// let line = StatusBar.render(metrics, width: 120)
/// screen.draw(line, at: CellPoint(row: screen.size.rows - 1, column: 0))
/// ```
public enum StatusBar {
    /// The status bar as a one-line block `width` wide (reverse video).
    public static func render(_ metrics: StatusMetrics, width: Int, glyphs: GlyphSet = .unicode) -> CellBlock {
        let style = CellStyle(attributes: .reverse)
        var block = CellBlock(size: TerminalSize(rows: 1, columns: width), fill: ScreenCell(" ", style: style))
        block.write(" " + text(metrics, width: max(0, width - 2), glyphs: glyphs), at: .zero, style: style)
        return block
    }

    /// The status text, at most `width` columns.
    public static func text(_ metrics: StatusMetrics, width: Int, glyphs: GlyphSet = .unicode) -> String {
        // (priority, text): lower priority numbers are kept longest.
        let segments = segments(metrics, glyphs: glyphs)
        let separator = glyphs == .ascii ? " | " : " │ "
        var kept = segments
        while !kept.isEmpty {
            let line = kept.map(\.text).joined(separator: separator)
            if DisplayWidth.of(line) <= width { return line }
            if kept.count == 1 { break }
            let drop = kept.indices.max { kept[$0].priority < kept[$1].priority } ?? kept.endIndex - 1
            kept.remove(at: drop)
        }
        return TextTruncation.truncate(kept.first?.text ?? "", toWidth: width, ellipsis: glyphs.ellipsis)
    }

    private struct Segment {
        var priority: Int
        var text: String
    }

    private static func segments(_ metrics: StatusMetrics, glyphs: GlyphSet) -> [Segment] {
        let position = metrics.focusedRow.map { "row \($0 + 1)/\(metrics.rowCount)" } ?? "no rows"
        let dot = glyphs.separator
        let counts = [
            "\(metrics.inFlight) in flight", "\(metrics.queued) queued", "\(metrics.cancelled) cancelled",
            "\(metrics.coalesced) coalesced", "\(metrics.resumed) resumed",
        ].joined(separator: dot)
        let caches =
            "mem \(rate(metrics.memoryHits, of: metrics.memoryLookups))"
            + dot + "disk \(rate(metrics.diskHits, of: metrics.diskLookups))"
        var result = [
            Segment(priority: 5, text: TextSanitizer.sanitize(metrics.feedSource)),
            Segment(priority: 0, text: position),
            Segment(priority: 1, text: counts),
            Segment(priority: 2, text: caches),
            Segment(priority: 3, text: ByteCountFormat.string(metrics.bytesDownloaded)),
        ]
        if let frame = metrics.lastFrameTime {
            result.append(Segment(priority: 4, text: "frame " + frameTime(frame)))
        }
        return result
    }

    /// `82%`, or `–` before the first lookup.
    static func rate(_ hits: Int, of lookups: Int) -> String {
        guard lookups > 0 else { return "-" }
        return "\(Int((Double(hits) * 100 / Double(lookups)).rounded()))%"
    }

    /// `2.1 ms` with one decimal below 10 ms.
    static func frameTime(_ duration: Duration) -> String {
        let components = duration.components
        let microseconds = components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
        if microseconds < 10_000 {
            let tenths = (microseconds + 50) / 100
            return "\(tenths / 10).\(tenths % 10) ms"
        }
        return ByteCountFormat.duration(duration)
    }
}

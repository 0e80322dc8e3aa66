import TerminalText
public import TerminalGraphics
import TerminalScreen
import Vocabulary
/// Renders the one-line status bar at the bottom of the screen.
///
/// Segments, most important first: position, loader counts, cache hit rates,
/// bytes, frame time, feed source. When the line is too wide they are
/// shortened, then dropped, least important first.
///
/// ```swift
/// let line = StatusBar.render(metrics, width: 120)
/// screen.draw(line, at: CellPoint(row: screen.size.rows - 1, column: 0))
/// ```
public enum StatusBar {
    /// The status bar as a one-line block `width` wide (reverse video).
    public static func render(_ metrics: StatusMetrics, width: Int, glyphs: GlyphSet = .unicode) -> CellBlock {
        let style = CellStyle(attributes: .reverse)
        var block = CellBlock(size: CellSize(columns: width, rows: 1), fill: ScreenCell(" ", style: style))
        block.write(" " + text(metrics, width: max(0, width - 2), glyphs: glyphs), at: .zero, style: style)
        return block
    }

    /// The status text, at most `width` columns.
    ///
    /// Tries the full wording first, then shortens segments (least important
    /// first), then drops them, then truncates what is left.
    public static func text(_ metrics: StatusMetrics, width: Int, glyphs: GlyphSet = .unicode) -> String {
        var segments = segments(metrics, glyphs: glyphs)
        let separator = glyphs == .ascii ? " | " : " │ "
        func line() -> String {
            segments.filter { !$0.dropped }.map { $0.short ? $0.compact : $0.full }.joined(separator: separator)
        }
        var candidate = line()
        if DisplayWidth.of(candidate) <= width { return candidate }
        let leastImportantFirst = segments.indices.sorted { segments[$0].priority > segments[$1].priority }
        let steps = leastImportantFirst.map { ($0, false) } + leastImportantFirst.dropLast().map { ($0, true) }
        for (index, drop) in steps {
            if drop { segments[index].dropped = true } else { segments[index].short = true }
            candidate = line()
            if DisplayWidth.of(candidate) <= width { return candidate }
        }
        return TextTruncation.truncate(line(), toWidth: width, ellipsis: glyphs.ellipsis)
    }

    private struct Segment {
        var priority: Int
        var full: String
        var compact: String
        var short = false
        var dropped = false
    }

    private static func segments(_ metrics: StatusMetrics, glyphs: GlyphSet) -> [Segment] {
        let position = position(metrics, glyphs: glyphs)
        let dot = glyphs.separator
        let counts = [
            "\(metrics.inFlight) in flight", "\(metrics.queued) queued", "\(metrics.cancelled) cancelled",
            "\(metrics.coalesced) coalesced", "\(metrics.resumed) resumed",
        ]
        let shortCounts =
            "fly \(metrics.inFlight) q \(metrics.queued) cxl \(metrics.cancelled)"
            + " coal \(metrics.coalesced) res \(metrics.resumed)"
        let memory = rate(metrics.memoryHits, of: metrics.memoryLookups)
        let disk = rate(metrics.diskHits, of: metrics.diskLookups)
        let source = TextSanitizer.sanitize(metrics.feedSource)
        let bytes = ByteCountFormat.string(metrics.bytesDownloaded)
        var result = [
            Segment(
                priority: 5, full: source,
                compact: TextTruncation.truncate(source, toWidth: 16, ellipsis: glyphs.ellipsis)),
            Segment(priority: 0, full: position, compact: position),
            Segment(priority: 1, full: counts.joined(separator: dot), compact: shortCounts),
            Segment(priority: 2, full: "mem \(memory)" + dot + "disk \(disk)", compact: "m \(memory) d \(disk)"),
            Segment(priority: 3, full: bytes, compact: bytes),
        ]
        if let graphics = metrics.graphics { result.append(graphicsSegment(graphics, glyphs: glyphs)) }
        if let network = metrics.network {
            result.append(Segment(priority: 3, full: "net " + network, compact: "net " + network))
        }
        if let tty = metrics.tty {
            let rate = tty.split(separator: ",").first.map(String.init) ?? tty
            result.append(Segment(priority: 3, full: "tty " + tty, compact: "tty " + rate))
        }
        if let violations = metrics.violations {
            let full = violations == 0 ? "audit ok" : "audit \(violations) ✗"
            result.append(Segment(priority: 1, full: full, compact: full))
        }
        if let damage = metrics.focusedDamage {
            // The focused photo is drawn from a damaged file or a cut download: said beside its position.
            let full = "\(glyphs.damaged) damaged: " + TextSanitizer.sanitize(damage)
            result.insert(Segment(priority: 0, full: full, compact: full), at: min(2, result.count))
        }
        if let message = metrics.message {
            // What the viewer just said or asks: kept while anything but the position can go.
            // After the source and the position, never shortened: the rest goes first, and a
            // line still too long is cut at its end.
            let clean = TextSanitizer.sanitize(message)
            result.insert(Segment(priority: 0, full: clean, compact: clean), at: min(2, result.count))
        }
        if let failure = metrics.outputFailure {
            // As important as the position, and never shortened before the rest is dropped: a
            // run's record is being lost.
            let full = "\(glyphs.failure) \(failure)"
            result.append(Segment(priority: 0, full: full, compact: full))
        }
        if let frame = metrics.lastFrameTime {
            let time = frameTime(frame)
            result.append(Segment(priority: 4, full: "frame " + time, compact: time))
        }
        return result
    }

    /// The focused row of how many, the listing's progress, the sort and filter.
    private static func position(_ metrics: StatusMetrics, glyphs: GlyphSet) -> String {
        var position = metrics.focusedRow.map { "row \($0 + 1)/\(metrics.rowCount)" } ?? "no rows"
        if let listed = metrics.listedSoFar {
            // The rows are provisional: the folder is still being read.
            let listing = "listing\(glyphs.ellipsis) \(listed) files"
            position = metrics.focusedRow == nil ? listing : position + " (\(listing))"
        }
        if let arrangement = metrics.arrangement { position += " " + TextSanitizer.sanitize(arrangement) }
        return position
    }

    /// The picture backend and its reason; compact: the backend's name alone (`kitty`, `sixel`,
    /// `blocks`), which always fits (? shows the whole probe result, the reason included).
    private static func graphicsSegment(_ graphics: String, glyphs: GlyphSet) -> Segment {
        let clean = TextSanitizer.sanitize(graphics)
        let backend = clean.split(separator: " ").first.map(String.init) ?? clean
        return Segment(priority: 6, full: clean, compact: TextTruncation.truncate(backend, toWidth: 18, ellipsis: glyphs.ellipsis))
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

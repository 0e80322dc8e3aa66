public import ImageCodecs
import TerminalText
import TerminalGraphics
public import TerminalScreen
/// Formats an item's state line: `loading 43% ▓▓▓░░ 120/280 KB`,
/// `preview · scan 3 · 43% ▓▓▓░░`, `memory`, `disk`, `network 180 KB in 240 ms`, `resumed at 60%`,
/// `✗ HTTP 500 · r to retry`.
///
/// ```swift
/// StateLine.text(for: .loading(completed: 120_000, expected: 280_000, resumedFrom: nil)).plain
/// // "loading 43% ▓▓▓░░ 120/280 KB"
/// ```
public enum StateLine {
    /// Cells in the progress bar.
    public static let barLength = 5

    /// The styled state line for `state`.
    public static func text(for state: RowDisplayState, glyphs: GlyphSet = .unicode) -> StyledText {
        let dim = CellStyle(attributes: .dim)
        switch state {
        case .idle:
            return StyledText("", style: dim)
        case .loading(let completed, let expected, let resumedFrom):
            var line = StyledText()
            if let resumedFrom, let expected, expected > 0 {
                line.append("resumed at \(percent(resumedFrom, of: expected))%", style: CellStyle(foreground: .yellow))
                line.append(glyphs.separator, style: dim)
            }
            line.append(loading(completed: completed, expected: expected, glyphs: glyphs))
            return line
        case .preview(let scan, let completed, let expected):
            var line = StyledText("preview", style: CellStyle(foreground: .indexed(6)))
            line.append(glyphs.separator + "scan \(scan)")
            if let expected, expected > 0 {
                line.append(glyphs.separator + "\(percent(completed, of: expected))% ")
                // No byte counts: the line must fit beside a list thumbnail with the scan in it.
                line.append(bar(completed, of: expected, glyphs: glyphs), style: CellStyle(foreground: .gray))
            } else if completed > 0 {
                line.append(glyphs.separator + ByteCountFormat.string(completed))
            }
            return line
        case .loaded(let source, let bytes, let duration):
            return loaded(source: source, bytes: bytes, duration: duration, glyphs: glyphs)
        case .failed(let reason):
            var line = StyledText("\(glyphs.failure) ", style: CellStyle(foreground: .red, attributes: .bold))
            line.append(TextSanitizer.sanitize(reason), style: CellStyle(foreground: .red))
            line.append(glyphs.separator + "r to retry", style: dim)
            return line
        }
    }

    /// The state line of a row whose picture is damaged: `◐ damaged 60%`, then what the state
    /// says (`file 120 KB in 12 ms`); the state alone for a whole picture.
    public static func text(
        for state: RowDisplayState, damage: ImageDamage?, glyphs: GlyphSet = .unicode
    ) -> StyledText {
        guard let damage, case .loaded = state else { return text(for: state, glyphs: glyphs) }
        var line = damaged(damage, glyphs: glyphs)
        line.append(glyphs.separator, style: CellStyle(attributes: .dim))
        line.append(text(for: state, glyphs: glyphs))
        return line
    }

    /// `◐ damaged 60%`: the damaged mark and the share decoded.
    public static func damaged(_ damage: ImageDamage, glyphs: GlyphSet = .unicode) -> StyledText {
        StyledText("\(glyphs.damaged) damaged \(damage.shortShare)", style: CellStyle(foreground: .yellow, attributes: .bold))
    }

    /// `43`: a rounded percentage that reads 100 only when complete.
    public static func percent(_ completed: Int64, of expected: Int64) -> Int {
        guard expected > 0 else { return 0 }
        if completed >= expected { return 100 }
        let rounded = Int((Double(max(0, completed)) * 100 / Double(expected)).rounded())
        return min(99, rounded)
    }

    /// `▓▓▓░░`: filled cells round up, so any progress shows, and full only when complete.
    public static func bar(_ completed: Int64, of expected: Int64, glyphs: GlyphSet = .unicode) -> String {
        let filled: Int
        if expected <= 0 || completed <= 0 {
            filled = 0
        } else if completed >= expected {
            filled = barLength
        } else {
            let exact = Double(completed) * Double(barLength) / Double(expected)
            filled = min(barLength - 1, Int(exact.rounded(.up)))
        }
        return String(repeating: glyphs.barFilled, count: filled)
            + String(repeating: glyphs.barEmpty, count: barLength - filled)
    }

    private static func loading(completed: Int64, expected: Int64?, glyphs: GlyphSet) -> StyledText {
        guard let expected, expected > 0 else {
            return completed > 0 ? StyledText("loading \(ByteCountFormat.string(completed))") : StyledText("loading")
        }
        var line = StyledText("loading \(percent(completed, of: expected))% ")
        line.append(bar(completed, of: expected, glyphs: glyphs), style: CellStyle(foreground: .gray))
        line.append(" " + ByteCountFormat.progress(completed, of: expected))
        return line
    }

    private static func loaded(
        source: RowDisplayState.LoadSource, bytes: Int64, duration: Duration, glyphs: GlyphSet
    ) -> StyledText {
        let cached = CellStyle(foreground: .green)
        switch source {
        case .memory:
            return StyledText("memory", style: cached)
        case .disk:
            return StyledText("disk", style: cached)
        case .thumbnail:
            return StyledText("thumbnail", style: cached)
        case .network:
            return StyledText(
                "network \(ByteCountFormat.string(bytes)) in \(ByteCountFormat.duration(duration))")
        case .file:
            return StyledText("file \(ByteCountFormat.string(bytes)) in \(ByteCountFormat.duration(duration))")
        case .resumedNetwork(let resumedFrom):
            var line = StyledText(
                "resumed at \(percent(resumedFrom, of: bytes))%", style: CellStyle(foreground: .yellow))
            line.append(glyphs.separator + "\(ByteCountFormat.string(bytes)) in \(ByteCountFormat.duration(duration))")
            return line
        }
    }
}

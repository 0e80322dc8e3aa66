/// The escapes that redraw printed output in place (a picture `show` printed, then its next
/// frame over it), and that a screen wraps each frame in: one spelling for both.
///
/// ```swift
/// var bytes = PrintedFrames.beginSynchronized
/// bytes += PrintedFrames.lineStart(rowsUp: 12) + nextFrame
/// bytes += PrintedFrames.endSynchronized
/// ```
public enum PrintedFrames {
    /// Hides the text cursor (DECTCEM off).
    public static let hideCursor = Array("\u{1B}[?25l".utf8)
    /// Shows the text cursor again.
    public static let showCursor = Array("\u{1B}[?25h".utf8)
    /// Begins synchronized output (mode 2026): the terminal shows what follows whole, at the end.
    public static let beginSynchronized = Array("\u{1B}[?2026h".utf8)
    /// Ends synchronized output.
    public static let endSynchronized = Array("\u{1B}[?2026l".utf8)

    /// Moves the cursor `rows` lines up, to the start of the line.
    public static func lineStart(rowsUp rows: Int) -> [UInt8] {
        Array("\u{1B}[\(rows)A\r".utf8)
    }
}

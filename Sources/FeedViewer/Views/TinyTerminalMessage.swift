import TerminalText
public import TerminalGraphics
import TerminalScreen
public import Vocabulary
/// Renders the message shown instead of the list when the terminal cannot fit one row.
///
/// ```swift
/// TinyTerminalMessage.text(minimum: CellSize(columns: 47, rows: 18))
/// // "terminal too small: need at least 47×18"
/// ```
public enum TinyTerminalMessage {
    /// The message for a terminal that needs at least `minimum`.
    public static func text(minimum: CellSize) -> String {
        "terminal too small: need at least \(minimum.columns)×\(minimum.rows)"
    }

    /// A full-screen block with the message word-wrapped and centred.
    public static func render(in screen: CellSize, minimum: CellSize) -> CellBlock {
        var block = CellBlock(size: screen)
        guard screen.rows > 0, screen.columns > 0 else { return block }
        let lines = Array(wrap(text(minimum: minimum), width: screen.columns).prefix(screen.rows))
        let top = (screen.rows - lines.count) / 2
        for (index, line) in lines.enumerated() {
            Placeholder.writeCentered(line, in: &block, row: top + index, style: CellStyle(attributes: .bold))
        }
        return block
    }

    /// Splits `text` at spaces into lines of at most `width` columns (long words are cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if DisplayWidth.of(candidate) <= width {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                current = TextTruncation.truncate(String(word), toWidth: width, ellipsis: "")
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

import TerminalText
/// Fits text into a number of terminal columns.
///
/// ```swift
/// TextTruncation.truncate("日本語のテキスト", toWidth: 7) // "日本語…"
/// ```
public enum TextTruncation {
    /// Returns `text` cut to at most `width` columns, ending in `ellipsis` when cut.
    ///
    /// A wide character is never split: if only half of it would fit, it is
    /// left out. When even the ellipsis does not fit, the text is cut without it.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        let useEllipsis = ellipsisWidth <= width
        let budget = useEllipsis ? width - ellipsisWidth : width
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > budget { break }
            result.append(character)
            used += characterWidth
        }
        return useEllipsis ? result + ellipsis : result
    }

    /// Returns `text` truncated to `width` and padded with spaces to exactly `width` columns.
    public static func fit(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        let cut = truncate(text, toWidth: width, ellipsis: ellipsis)
        let padding = max(0, width - DisplayWidth.of(cut))
        return cut + String(repeating: " ", count: padding)
    }

    /// Returns `text` without its leading and trailing spaces.
    public static func trimmed(_ text: String) -> String {
        var view = Substring(text)
        while view.first == " " { view.removeFirst() }
        while view.last == " " { view.removeLast() }
        return String(view)
    }
}

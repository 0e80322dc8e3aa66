import TerminalText
public import TerminalGraphics
import TerminalScreen
import Vocabulary
/// The one-line row after the last photo: "loading more…" while the next page loads, or the end of the feed.
public enum FeedFooterRow {
    /// Which footer to show.
    public enum Kind: Hashable, Sendable {
        /// The next page is loading; `frame` animates the spinner.
        case loadingMore(frame: Int)
        /// The feed is still reading its index (a huge folder): `files` names so far.
        case listing(files: Int, frame: Int)
        /// The feed has ended after `count` photos.
        case endOfFeed(count: Int)
        /// The next page failed; the reason and how to retry.
        case pageFailed(String)
    }

    /// The footer as a one-line block `width` wide.
    public static func render(_ kind: Kind, width: Int, glyphs: GlyphSet = .unicode) -> CellBlock {
        var block = CellBlock(size: CellSize(columns: max(0, width), rows: 1))
        guard width > 0 else { return block }
        switch kind {
        case .loadingMore(let frame):
            let spinner = glyphs.spinner.isEmpty ? "" : String(glyphs.spinner[abs(frame) % glyphs.spinner.count]) + " "
            block.write("  " + spinner + "loading more" + glyphs.ellipsis, at: .zero, style: CellStyle(attributes: .dim))
        case .listing(let files, let frame):
            let spinner = glyphs.spinner.isEmpty ? "" : String(glyphs.spinner[abs(frame) % glyphs.spinner.count]) + " "
            let text = "  " + spinner + "listing" + glyphs.ellipsis + " \(files) files so far; these rows may change"
            block.write(TextTruncation.truncate(text, toWidth: width, ellipsis: glyphs.ellipsis), at: .zero, style: CellStyle(attributes: .dim))
        case .endOfFeed(let count):
            let label = " end of feed\(glyphs.separator)\(count) photo\(count == 1 ? "" : "s") "
            let text = centred(label, width: width, fill: glyphs.box.count > 4 ? glyphs.box[4] : "-", glyphs: glyphs)
            block.write(text, at: .zero, style: CellStyle(foreground: .gray))
        case .pageFailed(let reason):
            let text = "  \(glyphs.failure) could not load more: \(TextSanitizer.sanitize(reason))\(glyphs.separator)r retries"
            block.write(
                TextTruncation.truncate(text, toWidth: width, ellipsis: glyphs.ellipsis), at: .zero,
                style: CellStyle(foreground: .red))
        }
        return block
    }

    static func centred(_ label: String, width: Int, fill: Character, glyphs: GlyphSet) -> String {
        let text = TextTruncation.truncate(label, toWidth: width, ellipsis: glyphs.ellipsis)
        let gap = max(0, width - DisplayWidth.of(text))
        return String(repeating: fill, count: gap / 2) + text + String(repeating: fill, count: gap - gap / 2)
    }
}

import BlockArt
import TerminalScreen
import TerminalText

/// Composes the pictures of `show --grid` into terminal output, one row of images at a time:
/// block art side by side (each centred in its box), or pixels placed at each box's column,
/// then the titles line. Pure: the bytes depend only on what it is given.
struct ShowGridWriter {
    var layout: ShowGridLayout

    /// One row of block-art pictures (nil: the image failed, its box stays empty) and their
    /// titles (used when the layout is titled), as lines of text with SGR colours.
    func blockArtRow(_ pictures: [CellGrid?], titles: [String]) -> [UInt8] {
        let height = pictures.map { $0?.rows ?? 0 }.max() ?? 0
        var out: [UInt8] = []
        var line: [UInt8] = []
        for row in 0..<height {
            var pending = 0  // blank columns owed before the next visible cell
            for (index, picture) in pictures.enumerated() {
                if index > 0 { pending += layout.gap }
                guard let picture, row < picture.rows, picture.columns > 0 else {
                    pending += layout.boxColumns
                    continue
                }
                let left = max(0, (layout.boxColumns - picture.columns) / 2)
                out += Self.spaces(pending + left)
                line.removeAll(keepingCapacity: true)
                ANSIWriter().write(row: picture.row(row), into: &line)
                out += line.dropLast()  // its newline
                pending = max(0, layout.boxColumns - picture.columns - left)
            }
            out.append(UInt8(ascii: "\n"))
        }
        if layout.titled { out += titleLine(titles) }
        return out
    }

    /// One row of pixel pictures (kitty or sixel escapes; nil: failed) `height` cells tall at
    /// most: room is made first (so nothing scrolls while placing), then each picture is written
    /// at its box's column from a saved cursor position, and the cursor ends below the row.
    func pixelRow(_ pictures: [[UInt8]?], height: Int, titles: [String]) -> [UInt8] {
        var out: [UInt8] = []
        let height = max(1, height)
        out += Array(String(repeating: "\n", count: height).utf8)
        out += Array("\u{1B}[\(height)A\r\u{1B}7".utf8)
        for (index, picture) in pictures.enumerated() {
            guard let picture else { continue }
            out += Array("\u{1B}8".utf8)
            let column = layout.boxOrigin(column: index)
            if column > 0 { out += Array("\u{1B}[\(column)C".utf8) }
            out += picture
        }
        out += Array("\u{1B}8\u{1B}[\(height)B\r".utf8)
        if layout.titled { out += titleLine(titles) }
        return out
    }

    /// The titles, each sanitised, cut to its box by display width and centred in it.
    func titleLine(_ titles: [String]) -> [UInt8] {
        var text = ""
        var pending = 0
        for (index, title) in titles.enumerated() {
            if index > 0 { pending += layout.gap }
            let cut = TextTruncation.truncate(TextSanitizer.sanitize(title), toWidth: layout.boxColumns)
            let width = DisplayWidth.of(cut)
            guard width > 0 else {
                pending += layout.boxColumns
                continue
            }
            let left = (layout.boxColumns - width) / 2
            text += String(repeating: " ", count: pending + left) + cut
            pending = layout.boxColumns - width - left
        }
        return Array((text + "\n").utf8)
    }

    private static func spaces(_ count: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(ascii: " "), count: max(0, count))
    }
}

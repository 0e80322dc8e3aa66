public import BlockArt
public import TerminalGraphics
public import Vocabulary

/// The bytes of a picture drawn into a box of the screen (`show --place`), and of taking it
/// away (`show --clear`). Pure: every byte is decided here, and tested.
///
/// Everything is written between DECSC and DECRC (`ESC 7` … `ESC 8`, which xterm, kitty and
/// tmux honour alike; `CSI s` is DECSLRM in xterm's left-right margin mode), each row reached
/// by CUP, blanked by ECH (`CSI n X`: erases in place, never moves the cursor, never wraps or
/// scrolls) with the colours reset first, so nothing outside the box is written and the host's
/// text never scrolls. The picture keeps its aspect inside the box, centred across (as `kitten
/// icat --place` does) and at its top.
///
/// kitty's pictures are placed under one documented image id, ``kittyImageID``: a new
/// preview transmitted under it replaces the one before (kitty deletes an image's placements
/// when it is transmitted again), and `--clear` deletes exactly it (`a=d,d=I`), with no file
/// to remember it by.
///
/// ```swift
/// let bytes = PlacedOutput.blockArt(grid, in: ShowPlacement(columns: 40, rows: 20, left: 60, top: 1))
/// let gone = PlacedOutput.clear(ShowPlacement(columns: 40, rows: 20, left: 60, top: 1), kitty: nil)
/// ```
public enum PlacedOutput {
    /// The kitty image id of every picture `show --place` draws: top byte 127 and low byte 255,
    /// nothing between, so it is also a palette-named placeholder id (colour 255 and a third
    /// mark for 127) where tmux passes no 24-bit colour. Within 1…2³¹−1 (Konsole's limit).
    public static let kittyImageID: UInt32 = 0x7F00_00FF

    /// Save the cursor (DECSC).
    static let save: [UInt8] = [0x1B, UInt8(ascii: "7")]
    /// Restore it (DECRC).
    static let restore: [UInt8] = [0x1B, UInt8(ascii: "8")]
    /// Default colours and attributes.
    static let reset = Array("\u{1B}[0m".utf8)

    /// The cursor to `row`, `column` (from 0).
    static func move(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }

    /// Every cell of `box` erased to the default background, without moving past it.
    static func blanking(_ box: ShowPlacement) -> [UInt8] {
        var out = reset
        for row in 0..<box.rows {
            out += move(row: box.top + row, column: box.left) + Array("\u{1B}[\(box.columns)X".utf8)
        }
        return out
    }

    /// Where a picture `cells` large goes in `box`: centred across, at the top.
    public static func origin(of cells: CellSize, in box: ShowPlacement) -> CellPoint {
        CellPoint(row: box.top, column: box.left + max(0, (box.columns - cells.columns) / 2))
    }

    /// Block art (`grid`, at most the box's size) in `box`: the box blanked, then each row at
    /// its place, its colours reset at its end.
    public static func blockArt(_ grid: CellGrid, in box: ShowPlacement) -> [UInt8] {
        let at = origin(of: CellSize(columns: grid.columns, rows: grid.rows), in: box)
        var out = save + blanking(box)
        var line: [UInt8] = []
        for row in 0..<min(grid.rows, box.rows) {
            line.removeAll(keepingCapacity: true)
            ANSIWriter().write(row: grid.row(row), into: &line)
            if line.last == UInt8(ascii: "\n") { line.removeLast() }
            out += move(row: at.row + row, column: at.column) + line + reset
        }
        return out + restore
    }

    /// A picture a protocol draws at the cursor (`escape`: sixel, iTerm2's with
    /// `doNotMoveCursor`) in `box`, `cells` large: the box blanked (a smaller picture leaves
    /// nothing of the one before), the cursor at its place, the escape.
    public static func drawn(_ escape: [UInt8], cells: CellSize, in box: ShowPlacement) -> [UInt8] {
        let at = origin(of: cells, in: box)
        return save + blanking(box) + move(row: at.row, column: at.column) + escape + restore
    }

    /// A kitty picture placed directly at its place in `box` (`display`: transmitted and shown in
    /// one go, the cursor kept: ``KittyGraphics/Action/displayInPlace``); the box's text is left
    /// as it is (the picture lies over it, as `kitten icat --place` does).
    public static func kitty(_ display: [UInt8], cells: CellSize, in box: ShowPlacement) -> [UInt8] {
        let at = origin(of: cells, in: box)
        return save + move(row: at.row, column: at.column) + display + restore
    }

    /// kitty placeholders in `box`: the pixels held (`transmit`, a virtual placement), the box
    /// blanked, then each row of the placeholder cells at its place.
    public static func placeholders(_ transmit: [UInt8], cells: CellBlock, in box: ShowPlacement) -> [UInt8] {
        let at = origin(of: cells.size, in: box)
        let text = FrameText.ansi(cells).split(separator: "\n", omittingEmptySubsequences: false)
        var out = transmit + save + blanking(box)
        for (row, line) in text.prefix(box.rows).enumerated() {
            out += move(row: at.row + row, column: at.column) + Array(line.utf8)
        }
        return out + reset + restore
    }

    /// What takes a placed picture away: kitty's image deleted by its id (`kitty`: the bytes that
    /// delete it, wrapped for tmux as needed), and the box blanked when it is known (the cells of
    /// placeholders, sixel, iTerm2 and block art). Nothing else.
    public static func clear(_ box: ShowPlacement?, kitty: [UInt8]?) -> [UInt8] {
        var out = kitty ?? []
        if let box { out += save + blanking(box) + restore }
        return out
    }
}

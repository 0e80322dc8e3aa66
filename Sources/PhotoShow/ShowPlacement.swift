public import Vocabulary

/// `--place COLSxROWS@LEFTxTOP`: the box of the screen a picture is drawn into, in cells,
/// counted from 0 at the screen's top-left (kitty's `icat --place` syntax: lf's previewer
/// arguments `$2x$3@$4x$5`, vifm's `%pwx%ph@%pxx%py`).
///
/// ```swift
/// let box = try ShowPlacement.parse("40x20@60x1")   // 40 columns, 20 rows, from column 60, row 1
/// box.rect.origin                                  // CellPoint(row: 1, column: 60)
/// ```
public struct ShowPlacement: Equatable, Sendable, CustomStringConvertible {
    /// The box: its top-left cell (from 0) and its size.
    public var rect: CellRect

    /// A box `columns` × `rows` cells whose top-left cell is `left`, `top` (from 0).
    public init(columns: Int, rows: Int, left: Int, top: Int) {
        rect = CellRect(origin: CellPoint(row: top, column: left), size: CellSize(columns: columns, rows: rows))
    }

    public var columns: Int { rect.size.columns }
    public var rows: Int { rect.size.rows }
    public var left: Int { rect.origin.column }
    public var top: Int { rect.origin.row }

    public var description: String { "\(columns)x\(rows)@\(left)x\(top)" }

    /// The widths and heights a box may have (as `--width` and `--height`).
    public static let sizeRange = ShowSettings.sizeRange
    /// The columns and rows a box may start at.
    public static let originRange = 0...9999

    /// Parses `COLSxROWS@LEFTxTOP` (`x` or `X`), throwing the sentence the command line prints
    /// for anything else: a missing part, a number out of range, a stray character.
    public static func parse(_ text: String) throws(ShowSettings.Invalid) -> ShowPlacement {
        let usage = "--place must be COLSxROWS@LEFTxTOP in cells from 0, e.g. 40x20@60x1"
        let halves = text.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2, let size = pair(halves[0]), let origin = pair(halves[1]) else {
            throw ShowSettings.Invalid("\(usage) (got \(text))")
        }
        guard sizeRange.contains(size.0), sizeRange.contains(size.1) else {
            throw ShowSettings.Invalid("--place: the box must be 1…1000 cells a side (got \(text))")
        }
        guard originRange.contains(origin.0), originRange.contains(origin.1) else {
            throw ShowSettings.Invalid("--place: the box must start at a cell 0…9999 (got \(text))")
        }
        return ShowPlacement(columns: size.0, rows: size.1, left: origin.0, top: origin.1)
    }

    /// The part of this box on a screen of `screen` cells (nil: none of it is).
    ///
    /// ```swift
    /// ShowPlacement(columns: 40, rows: 20, left: 70, top: 20).clipped(to: CellSize(columns: 100, rows: 30))   // 30x10@70x20
    /// ```
    public func clipped(to screen: CellSize) -> ShowPlacement? {
        let columns = min(self.columns, screen.columns - left)
        let rows = min(self.rows, screen.rows - top)
        guard columns > 0, rows > 0 else { return nil }
        return ShowPlacement(columns: columns, rows: rows, left: left, top: top)
    }

    /// `AxB` as two whole numbers, digits only (no sign, no space).
    private static func pair(_ text: Substring) -> (Int, Int)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ part in !part.isEmpty && part.count <= 6 && part.allSatisfy { ("0"..."9").contains($0) } }),
            let first = Int(parts[0]), let second = Int(parts[1])
        else { return nil }
        return (first, second)
    }
}

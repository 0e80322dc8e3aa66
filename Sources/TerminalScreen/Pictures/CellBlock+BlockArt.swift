public import BlockArt
public import TerminalGraphics
public import Vocabulary

extension CellBlock {
    /// The block-art grid as screen cells (glyphs and colours carried over one to one).
    ///
    /// ```swift
    /// let thumbnail = CellBlock(grid: BlockArtRenderer(options: options).render(bitmap, in: box))
    /// ```
    public init(grid: CellGrid) {
        self.init(size: CellSize(columns: grid.columns, rows: grid.rows))
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let cell = grid[column, row]
                let style = CellStyle(
                    foreground: CellColor(cell.foreground), background: CellColor(cell.background))
                set(Character(cell.glyph), at: CellPoint(row: row, column: column), style: style)
            }
        }
    }
}

extension CellColor {
    /// The screen colour for a block-art cell colour.
    public init(_ color: CellColor) {
        switch color {
        case .default: self = .default
        case .indexed(let index): self = .indexed(index)
        case .rgb(let red, let green, let blue): self = .rgb(red, green, blue)
        }
    }
}

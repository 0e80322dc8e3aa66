public import ImageCodecs
import Vocabulary

/// Draws a `CellGrid` back into pixels the way a terminal would, at a fixed cell size:
/// each cell is its glyph's coverage × foreground + the rest × background.
///
/// Used to score block art against its source (feedbench) and to preview it as an image.
///
/// ```swift
/// let pixels = CellRasterizer().rasterize(grid)   // 8×16 pixels per cell
/// ```
public struct CellRasterizer: Sendable {
    /// Pixels across one cell.
    public var cellWidth: Int
    /// Pixels down one cell.
    public var cellHeight: Int
    /// What `.default` means for ink (a light gray, as most dark themes).
    public var defaultForeground: RGBA
    /// What `.default` means for paper.
    public var defaultBackground: RGBA

    public init(
        cellWidth: Int = 8, cellHeight: Int = 16,
        defaultForeground: RGBA = RGBA(229, 229, 229), defaultBackground: RGBA = .black
    ) {
        self.cellWidth = max(1, cellWidth)
        self.cellHeight = max(1, cellHeight)
        self.defaultForeground = defaultForeground
        self.defaultBackground = defaultBackground
    }

    /// The grid as an opaque bitmap of `columns × cellWidth` by `rows × cellHeight` pixels.
    public func rasterize(_ grid: CellGrid) -> Bitmap {
        var bitmap = Bitmap(width: grid.columns * cellWidth, height: grid.rows * cellHeight, fill: defaultBackground)
        let coverage = GlyphCoverage(width: cellWidth, height: cellHeight)
        var masks: [Unicode.Scalar: [Float]] = [:]
        let stride = bitmap.bytesPerRow
        bitmap.withMutableBytes { bytes in
            for row in 0..<grid.rows {
                for column in 0..<grid.columns {
                    let cell = grid[column, row]
                    let mask: [Float]
                    if let cached = masks[cell.glyph] {
                        mask = cached
                    } else {
                        mask = coverage.mask(for: cell.glyph)
                        masks[cell.glyph] = mask
                    }
                    let fg = rgb(cell.foreground, default: defaultForeground)
                    let bg = rgb(cell.background, default: defaultBackground)
                    for y in 0..<cellHeight {
                        var offset = (row * cellHeight + y) * stride + column * cellWidth * 4
                        for x in 0..<cellWidth {
                            let ink = mask[y * cellWidth + x]
                            let color = fg * ink + bg * (1 - ink)
                            bytes[offset] = UInt8(min(255, color.x + 0.5))
                            bytes[offset + 1] = UInt8(min(255, color.y + 0.5))
                            bytes[offset + 2] = UInt8(min(255, color.z + 0.5))
                            bytes[offset + 3] = 255
                            offset += 4
                        }
                    }
                }
            }
        }
        return bitmap
    }

    private func rgb(_ color: CellColor, default fallback: RGBA) -> SIMD3<Float> {
        if let (r, g, b) = color.approximateRGB { return SIMD3(Float(r), Float(g), Float(b)) }
        return SIMD3(Float(fallback.r), Float(fallback.g), Float(fallback.b))
    }
}

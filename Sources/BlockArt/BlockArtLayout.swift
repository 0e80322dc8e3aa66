public import Vocabulary

/// Where a picture lands in a cell box: the grid it fills, the part of the source it uses,
/// and the sub-pixel size that part is sampled to.
///
/// ```swift
/// let layout = renderer.layout(forImage: header.size, in: CellSize(columns: 40, rows: 20))
/// // A pipeline can prepare a thumbnail that renders with no further resampling:
/// let thumb = bitmap.cropped(to: layout.crop).resized(to: layout.pixelSize)
/// let grid = renderer.render(thumb, filling: layout.grid)
/// ```
public struct BlockArtLayout: Sendable, Hashable {
    /// The cells drawn: the fitted size for `fit` (no padding), the box for `fill`.
    public var grid: CellSize
    /// The region of the source image shown (all of it for `fit`, the centre for `fill`).
    public var crop: PixelRect
    /// `grid` × the symbol set's sub-pixels per cell.
    public var pixelSize: PixelSize

    public init(grid: CellSize, crop: PixelRect, pixelSize: PixelSize) {
        self.grid = grid
        self.crop = crop
        self.pixelSize = pixelSize
    }

    /// Computes the layout of an image of `image` pixels (square pixels) in `box`.
    static func make(image: PixelSize, box: CellSize, options: BlockArtOptions) -> BlockArtLayout {
        let symbols = options.symbols
        guard !image.isEmpty, !box.isEmpty else {
            return BlockArtLayout(
                grid: CellSize(columns: 0, rows: 0), crop: PixelRect(x: 0, y: 0, width: 0, height: 0),
                pixelSize: PixelSize(width: 0, height: 0))
        }
        let width = Double(image.width), height = Double(image.height)
        // Box size in units of a cell's width.
        let boxWidth = Double(box.columns), boxHeight = Double(box.rows) * options.cellAspect
        let grid: CellSize
        var crop = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        switch options.scaling {
        case .fit:
            let scale = min(boxWidth / width, boxHeight / height)
            grid = CellSize(
                columns: min(box.columns, max(1, Int((width * scale).rounded()))),
                rows: min(box.rows, max(1, Int((height * scale / options.cellAspect).rounded()))))
        case .fill:
            grid = box
            let scale = max(boxWidth / width, boxHeight / height)
            let cropWidth = min(image.width, max(1, Int((boxWidth / scale).rounded())))
            let cropHeight = min(image.height, max(1, Int((boxHeight / scale).rounded())))
            crop = PixelRect(
                x: (image.width - cropWidth) / 2, y: (image.height - cropHeight) / 2,
                width: cropWidth, height: cropHeight)
        }
        return BlockArtLayout(
            grid: grid, crop: crop,
            pixelSize: PixelSize(
                width: grid.columns * symbols.pixelsPerCellX, height: grid.rows * symbols.pixelsPerCellY))
    }
}

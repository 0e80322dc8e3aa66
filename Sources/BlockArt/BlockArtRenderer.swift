public import ImageCodecs
import Synchronization
public import Vocabulary

/// Renders bitmaps as block art: a value you configure once and call per bitmap.
///
/// Thread-safe (a `Sendable` value with immutable tables); every call is independent.
///
/// ```swift
/// let renderer = BlockArtRenderer(options: BlockArtOptions(symbols: .quad, colors: .truecolor))
/// let grid = renderer.render(bitmap, in: CellSize(columns: 40, rows: 20))
/// print(ANSIWriter().string(for: grid), terminator: "")
/// ```
public struct BlockArtRenderer: Sendable {
    /// The options every render uses.
    public let options: BlockArtOptions
    /// Palette lookups found by earlier renders (quantised modes), shared by copies.
    private let paletteTables = PaletteTableStore()

    public init(options: BlockArtOptions = BlockArtOptions()) {
        self.options = options
    }

    /// Where an image of `imageSize` lands in `box` under these options.
    public func layout(forImage imageSize: PixelSize, in box: CellSize) -> BlockArtLayout {
        BlockArtLayout.make(image: imageSize, box: box, options: options)
    }

    /// The sub-pixel size a thumbnail should have so rendering it samples 1:1: pass the
    /// original image size; ask your decoder/resizer for this size (after `layout(...).crop`
    /// for `fill`), then call `render(_:filling:)` with `layout(...).grid`.
    public func pixelSize(forImage imageSize: PixelSize, in box: CellSize) -> PixelSize {
        layout(forImage: imageSize, in: box).pixelSize
    }

    /// Renders `bitmap` (square pixels, any size) into `box`, fitting or filling by the options.
    ///
    /// With `fit` the grid is the fitted size (at most the box, no padding); with `fill` it
    /// is the box. Empty bitmaps or boxes give an empty grid.
    public func render(_ bitmap: Bitmap, in box: CellSize) -> CellGrid {
        let layout = layout(forImage: bitmap.size, in: box)
        let image = SubpixelImage(sampling: bitmap, crop: layout.crop, to: layout.pixelSize)
        return cells(from: image, grid: layout.grid)
    }

    /// Renders all of `bitmap` stretched over exactly `grid`, ignoring its aspect: for a
    /// thumbnail already prepared at `pixelSize(forImage:in:)`, which is then copied 1:1.
    public func render(_ bitmap: Bitmap, filling grid: CellSize) -> CellGrid {
        render(bitmap, region: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height), filling: grid)
    }

    /// Renders `region` of `bitmap` stretched over exactly `grid`: for a layout computed on
    /// the original image size and a bitmap decoded smaller (scale the layout's crop by
    /// the decoded / original size). Keeps the grid exact whatever the decoded rounding.
    public func render(_ bitmap: Bitmap, region: PixelRect, filling grid: CellSize) -> CellGrid {
        guard !grid.isEmpty, !bitmap.size.isEmpty else { return CellGrid(columns: 0, rows: 0) }
        let size = PixelSize(
            width: grid.columns * options.symbols.pixelsPerCellX, height: grid.rows * options.symbols.pixelsPerCellY)
        let image = SubpixelImage(sampling: bitmap, crop: region, to: size)
        return cells(from: image, grid: grid)
    }

    private func cells(from image: SubpixelImage, grid: CellSize) -> CellGrid {
        guard options.colors.isQuantized else { return CellFitter(options: options).cells(from: image, grid: grid) }
        let fitter = CellFitter(options: options, paletteTable: paletteTables.take())
        let cells = fitter.cells(from: image, grid: grid)
        if let table = fitter.palette?.table { paletteTables.keep(table) }
        return cells
    }
}

/// Holds one filled palette lookup table between renders. A render takes it (or starts
/// empty when another render has it) and gives its table back when done; the lock is held
/// only to swap the array.
private final class PaletteTableStore: Sendable {
    private let table = Mutex<[UInt16]?>(nil)

    func take() -> [UInt16]? {
        table.withLock { $0.take() }
    }

    func keep(_ filled: [UInt16]) {
        table.withLock { stored in
            if stored == nil { stored = filled }
        }
    }
}

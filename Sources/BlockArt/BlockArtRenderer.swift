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

    /// The size in square pixels to fetch an image of `imageSize` at for `box`: the shown part's
    /// aspect (all of it for `fit`, the layout's crop for `fill`), with at least the grid's
    /// sub-pixels on both axes. A server that crops to the size it is asked for (picsum's
    /// `/id/{id}/{W}/{H}`) then sends the picture `render(_:in:)` lays out as `layout(...)`
    /// does. (The sub-pixel size itself, ``BlockArtLayout/pixelSize``, has the aspect of the
    /// sub-pixels: taller than wide for sextants and quadrants, so asked of such a server it
    /// cropped the photo.)
    public func pixelSize(forImage imageSize: PixelSize, in box: CellSize) -> PixelSize {
        let layout = layout(forImage: imageSize, in: box)
        let crop = layout.crop
        guard crop.width > 0, crop.height > 0, !layout.pixelSize.isEmpty else { return layout.pixelSize }
        let aspect = Double(crop.width) / Double(crop.height)
        let width = max(layout.pixelSize.width, Int((Double(layout.pixelSize.height) * aspect).rounded(.up)))
        return PixelSize(width: width, height: max(1, Int((Double(width) / aspect).rounded())))
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

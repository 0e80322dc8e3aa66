public import ImageCodecs
public import TerminalGraphics
public import Vocabulary

/// Pictures as real pixels through a ``GraphicsProtocol``: the pipeline is asked for the pixels
/// the protocol sizes (the box times the cell size, fitted to the photo's aspect), so the
/// terminal shows exactly the pixels decoded. The picture's cells are what the protocol puts in
/// the text grid (placeholders or blanks); its ``TerminalImage`` is what a screen that speaks the
/// protocol draws.
///
/// ```swift
/// let pictures = PixelPictures(cellPixels: PixelSize(width: 10, height: 20), graphics: SixelGraphics())
/// let picture = pictures.picture(for: bitmap, in: CellSize(columns: 32, rows: 16))
/// ```
public struct PixelPictures: PictureRenderer {
    /// One cell's size in pixels.
    public let cellPixels: PixelSize
    /// The protocol that draws the pictures.
    public let graphics: any GraphicsProtocol
    /// The largest picture the terminal draws (xterm drops a larger sixel whole), nil: no limit
    /// but ``PixelBudget``'s.
    public let maximumSize: PixelSize?

    /// Pictures through `graphics` for cells of `cellPixels` (10×20 when the terminal did not
    /// say), none larger than `maximumSize`.
    public init(cellPixels: PixelSize = PixelSize(width: 10, height: 20), graphics: any GraphicsProtocol, maximumSize: PixelSize? = nil) {
        self.cellPixels = PixelSize(width: max(1, cellPixels.width), height: max(1, cellPixels.height))
        self.graphics = graphics
        self.maximumSize = maximumSize
    }

    public var name: String { graphics.family }

    public func pixelSize(forImage imageSize: PixelSize?, in box: CellSize) -> PixelSize {
        Self.capped(graphics.pixelSize(forImage: imageSize, in: box, cellPixels: cellPixels), to: maximumSize)
    }

    /// `size` scaled down (aspect kept) to fit `maximum`.
    static func capped(_ size: PixelSize, to maximum: PixelSize?) -> PixelSize {
        guard let maximum, size.width > maximum.width || size.height > maximum.height else { return size }
        let scale = min(Double(maximum.width) / Double(max(1, size.width)), Double(maximum.height) / Double(max(1, size.height)))
        return PixelSize(width: max(1, Int(Double(size.width) * scale)), height: max(1, Int(Double(size.height) * scale)))
    }

    /// The picture of `bitmap` in `box`: scaled down (aspect kept) when it is larger than the
    /// box in pixels, or than ``maximumSize``. A protocol that draws pixels as they come (sixel)
    /// would otherwise draw past the box's last row, and the terminal scroll the screen.
    public func picture(for bitmap: Bitmap, in box: CellSize) -> Picture {
        let boxPixels = PixelSize(width: max(1, box.columns * cellPixels.width), height: max(1, box.rows * cellPixels.height))
        let limit = maximumSize.map { PixelSize(width: min($0.width, boxPixels.width), height: min($0.height, boxPixels.height)) } ?? boxPixels
        let capped = Self.capped(bitmap.size, to: limit)
        let bitmap = capped == bitmap.size ? bitmap : bitmap.resized(to: capped)
        let cells = CellSize(
            columns: min(box.columns, max(1, (bitmap.width + cellPixels.width - 1) / cellPixels.width)),
            rows: min(box.rows, max(1, (bitmap.height + cellPixels.height - 1) / cellPixels.height)))
        let image = TerminalImage(bitmap: bitmap, cells: cells, graphics: graphics)
        return Picture(cells: graphics.cells(for: image), image: image)
    }

    /// The symbol sets of block art mean nothing here.
    public func nextVariant() -> (any PictureRenderer)? { nil }
}

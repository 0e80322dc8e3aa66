public import BlockArt
public import ImageCodecs
import TerminalGraphics
public import Vocabulary

/// Pictures as colour block art: the backend every terminal can show.
///
/// ```swift
/// let pictures = BlockArtPictures(options: BlockArtOptions(symbols: .sextant))
/// let picture = pictures.picture(for: bitmap, in: CellSize(columns: 32, rows: 16))
/// ```
public struct BlockArtPictures: PictureRenderer {
    /// Symbols, colours, dithering.
    public let options: BlockArtOptions
    private let renderer: BlockArtRenderer

    /// Creates a block-art backend.
    public init(options: BlockArtOptions = BlockArtOptions()) {
        self.options = options
        self.renderer = BlockArtRenderer(options: options)
    }

    public var name: String { "\(options.symbols)" }

    public func pixelSize(forImage imageSize: PixelSize?, in box: CellSize) -> PixelSize {
        // An image of unknown size is asked for with the box's own aspect.
        let image = imageSize.flatMap { $0.isEmpty ? nil : $0 }
            ?? PixelSize(width: box.columns * 100, height: Int((Double(box.rows) * options.cellAspect * 100).rounded()))
        return renderer.pixelSize(forImage: image, in: box)
    }

    public func picture(for bitmap: Bitmap, in box: CellSize) -> Picture {
        Picture(cells: CellBlock(grid: renderer.render(bitmap, in: CellSize(columns: box.columns, rows: box.rows))))
    }

    /// The next symbol set in the cycle half → quad → sextant → block → ascii → half.
    public func nextVariant() -> (any PictureRenderer)? {
        var next = options
        next.symbols = options.symbols.next
        return BlockArtPictures(options: next)
    }
}

public import ImageCodecs
import TerminalGraphics
public import Vocabulary

/// Turns decoded photos into ``Picture``s for cell boxes: the seam a picture backend plugs into.
///
/// The model asks a renderer two things: how many pixels to request from the pipeline for a
/// photo in a box (so the pipeline decodes and caches exactly what will be shown), and the
/// picture for a decoded bitmap. Block art (``BlockArtPictures``) is the first backend; a
/// terminal-graphics backend answers the first with the box times the cell size in pixels.
///
/// ```swift
/// let renderer: any PictureRenderer = BlockArtPictures(options: BlockArtOptions())
/// let pixels = renderer.pixelSize(forImage: PixelSize(width: 400, height: 300), in: box)
/// let picture = renderer.picture(for: bitmap, in: box)
/// ```
public protocol PictureRenderer: Sendable {
    /// A short name for the status line and the event log ("sextant", "kitty").
    var name: String { get }

    /// The pixel size to request for a photo of `imageSize` (nil: unknown) shown in `box`.
    func pixelSize(forImage imageSize: PixelSize?, in box: CellSize) -> PixelSize

    /// The picture for `bitmap`, fitted into `box`.
    func picture(for bitmap: Bitmap, in box: CellSize) -> Picture

    /// The next variant of this backend (the `m` key), or nil when it has none.
    func nextVariant() -> (any PictureRenderer)?
}

extension PictureRenderer {
    /// Whether `bitmap` has at least the pixels this renderer wants for a photo in `box`.
    public func isSharpEnough(_ bitmap: Bitmap, forImage imageSize: PixelSize?, in box: CellSize) -> Bool {
        let needed = pixelSize(forImage: imageSize, in: box)
        return bitmap.width >= needed.width && bitmap.height >= needed.height
    }
}

public import BlockArt
public import ImageCodecs
public import TerminalGraphics

extension PictureBackend {
    /// The renderer for this backend; pixel protocols size their pictures by `cellPixels`
    /// (10×20 when the terminal did not say).
    public func renderer(art: BlockArtOptions, cellPixels: PixelSize? = nil) -> any PictureRenderer {
        guard let graphics else { return BlockArtPictures(options: art) }
        return PixelPictures(cellPixels: cellPixels ?? PixelSize(width: 10, height: 20), graphics: graphics)
    }
}

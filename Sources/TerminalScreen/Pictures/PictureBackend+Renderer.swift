public import BlockArt
public import TerminalGraphics
public import Vocabulary

extension PictureBackend {
    /// The renderer for this backend; pixel protocols size their pictures by `cellPixels`
    /// (10×20 when the terminal did not say); sixel pictures stay within `sixelGeometry` (what
    /// the terminal answered to XTSMGRAPHICS; xterm's default 1000×1000 when it did not say:
    /// xterm drops a larger sixel whole, leaving the box blank).
    public func renderer(art: BlockArtOptions, cellPixels: PixelSize? = nil, sixelGeometry: PixelSize? = nil) -> any PictureRenderer {
        guard let graphics else { return BlockArtPictures(options: art) }
        let maximum = graphics.name == SixelGraphics().name ? sixelGeometry ?? Self.defaultSixelGeometry : nil
        return PixelPictures(cellPixels: cellPixels ?? PixelSize(width: 10, height: 20), graphics: graphics, maximumSize: maximum)
    }

    /// xterm's `maxGraphicSize` default: the largest sixel it draws unless set otherwise.
    public static let defaultSixelGeometry = PixelSize(width: 1000, height: 1000)
}

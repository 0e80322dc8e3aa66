public import TerminalGraphics
public import Vocabulary
/// A decoded photo made ready for the screen: what a ``PictureRenderer`` gives and a frame places.
///
/// Every picture has cells, because every backend needs some in the text grid: block art
/// is nothing but cells; the terminal-graphics backends put in cells that stand for their
/// pixels (kitty's Unicode placeholders are text cells whose colour names the image; under a
/// sixel or iTerm2 image they are blanks the image is drawn over). A backend that draws
/// pixels itself adds what the ``Screen`` must transmit beside the cells; the model and the
/// view never look inside, they only place pictures.
///
/// ```swift
/// let picture = BlockArtPictures(options: art).picture(for: bitmap, in: box)
/// frame.place(picture, for: key, at: origin, clippedTo: viewport)
/// ```
public struct Picture: Hashable, Sendable {
    /// The picture as text cells (at most the box it was rendered for).
    public var cells: CellBlock
    /// Pixels the terminal must hold for the cells to show (kitty graphics); nil for block art.
    public var image: TerminalImage?

    /// Creates a picture: drawn entirely by its cells, or by the terminal from `image`.
    public init(cells: CellBlock, image: TerminalImage? = nil) {
        self.cells = cells
        self.image = image
    }

    /// The picture's size in cells.
    public var size: CellSize { cells.size }
}

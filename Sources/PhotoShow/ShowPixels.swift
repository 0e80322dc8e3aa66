import ImageCodecs
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// How `show` writes real pixels, when it does: the protocol, the cell size, and how the bytes
/// travel (inline and compressed into a pipe; a temporary file to a kitty on this machine;
/// through tmux passthrough inside tmux, with palette-named placeholder ids when tmux does not
/// pass 24-bit colour). A single picture and each box of `show --grid` are printed by the same
/// call, so both honour the protocol and the transport the probe chose.
struct ShowPixels: Sendable {
    /// The protocol that draws the pictures.
    var graphics: any GraphicsProtocol
    /// One cell's size in pixels.
    var cellPixels: PixelSize
    /// How the bytes travel.
    var transport = GraphicsTransport()

    /// Whether the pictures go as kitty PNGs (kitty's protocols, compressed inline: into a
    /// pipe or over ssh), so a picture's PNG made for the picture cache is the one sent.
    var sendsKittyPNG: Bool {
        guard graphics is KittyDirectGraphics || graphics is KittyPlaceholderGraphics else { return false }
        if case .compressed = transport.medium { return true }
        return false
    }

    /// Whether the picture cache keeps the bytes printed for a picture (sixel: its palette and
    /// dithering are the costly part; iTerm2: a JPEG), rather than its PNG: kitty's escapes
    /// depend on how the pixels travel.
    var storesPrinted: Bool { graphics.printsPixelsAlone }

    /// The cells a picture of `bitmap`'s pixels covers.
    func cells(for bitmap: Bitmap) -> CellSize { cells(for: bitmap.size) }

    /// The cells a picture of `size` pixels covers.
    func cells(for size: PixelSize) -> CellSize {
        CellSize(
            columns: max(1, (size.width + cellPixels.width - 1) / cellPixels.width),
            rows: max(1, (size.height + cellPixels.height - 1) / cellPixels.height))
    }

    /// `bitmap` printed at the cursor and a newline after it, as a frame of an animation: its
    /// rows and what deletes its image once the next frame is up (kitty keeps every image it
    /// was sent until told otherwise). `png`: the bitmap's kitty PNG when already made.
    func printedFrame(_ bitmap: Bitmap, png: [UInt8]? = nil) -> ShowAnimation.Printed {
        var image = TerminalImage(bitmap: bitmap, cells: cells(for: bitmap), graphics: graphics)
        image.encodedPNG = png
        let bytes = graphics.printed(image, transport: transport, lineBreak: .newline) + [UInt8(ascii: "\n")]
        return ShowAnimation.Printed(bytes: bytes, rows: image.cells.rows, release: graphics.release(image.id, transport: transport), imageID: image.id)
    }

    /// The bytes that print `bitmap` at the cursor (the cursor ends after it), and the rows it covers.
    func printed(_ bitmap: Bitmap, lineBreak: PrintedLineBreak = .newline) -> (bytes: [UInt8], rows: Int) {
        let cells = cells(for: bitmap)
        let image = TerminalImage(bitmap: bitmap, cells: cells, graphics: graphics)
        return (graphics.printed(image, transport: transport, lineBreak: lineBreak), cells.rows)
    }
}

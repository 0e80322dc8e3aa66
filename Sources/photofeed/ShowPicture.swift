import ImageCodecs
import TerminalUI

/// One picture as `show` prints it in pixels — the same bytes for a single picture and for each
/// box of `show --grid`, so the protocol chosen (and the probe's transport: tmux passthrough,
/// temporary files, palette-named placeholders) is honoured by both.
///
/// `lineBreak` goes between the lines of a picture made of text (kitty placeholders): a newline
/// for a picture printed on its own (it may scroll the terminal), a cursor move for one placed
/// in a grid's box (the grid made room first).
enum ShowPicture {
    /// The bytes that show `bitmap` over `cells` at the cursor.
    static func bytes(
        _ bitmap: Bitmap, cells: TerminalSize, pixels: ShowCommand.PixelOutput, lineBreak: LineBreak = .newline
    ) -> [UInt8] {
        switch pixels.backend {
        case .sixel:
            return SixelEncoder.encode(bitmap)
        case .iterm:
            return ITermGraphics.inlineImage(bitmap, cells: cells, movesCursor: true)
        case .kittyPlaceholders:
            // The pixels go to the terminal (through tmux when inside it); the placeholders are text.
            var held = TerminalImage(bitmap: bitmap, cells: cells, placement: .placeholders)
            if pixels.indexedIDs { held = held.renamed(KittyPlaceholder.indexedID(hashing: held.id)) }
            let transmitted = pixels.transport.wrap(pixels.transport.transmitKitty(held))
            let text = FrameText.ansi(KittyPlaceholder.cells(imageID: held.id, size: cells, indexed: pixels.indexedIDs))
            let separator: String
            switch lineBreak {
            case .newline: separator = "\n"
            case .cursorMove: separator = "\u{1B}[1B\u{1B}[\(cells.columns)D"
            }
            return transmitted + Array(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator).utf8)
        case .blocks, .kitty:
            let shown = TerminalImage(bitmap: bitmap, cells: cells, placement: .direct)
            return pixels.transport.wrap(KittyGraphics.display(shown, transport: pixels.transport))
        }
    }

    /// How the lines of a text picture are separated.
    enum LineBreak {
        case newline
        case cursorMove
    }
}

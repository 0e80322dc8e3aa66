import BlockArt
import ImageCodecs
import TerminalScreen
import TerminalGraphics

/// One picture of `show --grid`, ready for its row: block art cells, or the escapes that draw
/// its pixels and how many cell rows they cover. Made as soon as its bitmap is decoded (on the
/// loading task, so pictures encode on every core), so the grid keeps the encoded picture, not
/// the bitmap.
enum ShowGridPicture: Sendable {
    case cells(CellGrid)
    case pixels([UInt8], rows: Int)

    /// The one place the grid turns a decoded bitmap into what the terminal is sent: block art
    /// fitted into the layout's box, or (with `pixels`) ``ShowPixels``' escapes, as `show`
    /// prints them.
    static func encode(
        _ bitmap: Bitmap, layout: ShowGridLayout, options: BlockArtOptions, pixels: ShowPixels?
    ) -> ShowGridPicture {
        guard let pixels else {
            return .cells(Show.render(
                bitmap, originalSize: bitmap.size, columns: layout.boxColumns, rows: layout.boxRows, options: options))
        }
        let printed = pixels.printed(bitmap, lineBreak: .cursorMove)
        return .pixels(printed.bytes, rows: printed.rows)
    }
}

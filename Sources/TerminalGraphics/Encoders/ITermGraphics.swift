import FoundationEssentials
public import ImageCodecs
public import Vocabulary

/// iTerm2's inline images (`OSC 1337 ; File=…`), as bytes: the picture encoded (JPEG when
/// opaque, PNG with alpha), sized in cells, drawn where the cursor is. Pure.
///
/// iTerm2, WezTerm, Konsole and mintty draw them; WezTerm and iTerm2 also keep the cursor
/// where it was when asked (`doNotMoveCursor=1`), and the screen saves and restores it anyway.
///
/// ```swift
/// let bytes = ITermGraphics.inlineImage(bitmap, cells: CellSize(columns: 32, rows: 16))
/// ```
public enum ITermGraphics {
    /// The JPEG quality of opaque pictures: the encoded thumbnail is about a tenth of the
    /// PNG's bytes and looks the same at a cell's scale.
    public static let jpegQuality = 90

    /// `bitmap` as an inline image filling `cells` (the pixels were already fitted to them).
    /// `movesCursor`: leave the cursor after the image, as printing does (`photofeed show`);
    /// else ask the terminal to keep it where it was (a screen placing pictures).
    public static func inlineImage(_ bitmap: Bitmap, cells: CellSize, movesCursor: Bool = false) -> [UInt8] {
        guard let encoded = encode(bitmap) else { return [] }
        var output = header(byteCount: encoded.count, cells: cells, movesCursor: movesCursor)
        output.reserveCapacity(output.count + (encoded.count + 2) / 3 * 4 + 1)
        encoded.withUnsafeBufferPointer { Base64.append($0, to: &output) }
        output.append(0x07)
        return output
    }

    /// The escape's start up to the colon that precedes the base64 file.
    public static func header(byteCount: Int, cells: CellSize, movesCursor: Bool = false) -> [UInt8] {
        Array(
            ("\u{1B}]1337;File=inline=1;size=\(byteCount);width=\(cells.columns);height=\(cells.rows);"
                + "preserveAspectRatio=1" + (movesCursor ? "" : ";doNotMoveCursor=1") + ":").utf8)
    }

    /// JPEG for an opaque bitmap, else PNG; nil when the encoder refuses it (an empty bitmap).
    static func encode(_ bitmap: Bitmap) -> [UInt8]? {
        if KittyGraphics.isOpaque(bitmap) {
            return try? JPEGEncoder.encode(bitmap, quality: jpegQuality)
        }
        return try? PNGEncoder.encode(bitmap)
    }
}

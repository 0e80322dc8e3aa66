import FoundationEssentials
public import ImageCodecs
public import Vocabulary

/// The kitty graphics protocol's escape sequences, as bytes: transmit an image for Unicode
/// placeholders, delete it. Pure.
///
/// ```swift
/// let bytes = KittyGraphics.transmit(image, forPlaceholders: true)   // a=T,U=1: placed where its placeholders are
/// let gone = KittyGraphics.delete(id: image.id)
/// ```
public enum KittyGraphics {
    /// The most base64 bytes in one escape sequence (the protocol's limit).
    public static let chunkSize = 4096

    /// The image and placement ids every terminal takes: 1…2³¹−1 (the protocol allows 32 bits,
    /// but Konsole drops a placement whose id is 2³¹ or more). Every id photofeed sends is here.
    public static let imageIDs: ClosedRange<UInt32> = 1...UInt32(Int32.max)

    /// How PNG payloads are compressed: Average-filtered rows, Huffman codes only
    /// (``PNGEncoder/Compression/photograph``): about as few bytes as libpng's adaptive filters
    /// at zlib level 4 (which this replaced) in a fifth of the time.
    public static let pngCompression = PNGEncoder.Compression.photograph

    /// How the pixels travel in the escapes.
    public enum Payload: Sendable {
        /// 24-bit RGB or 32-bit RGBA samples as they are (`f=24`, `f=32`).
        case raw
        /// The same, zlib-compressed (`o=z`).
        case deflated
        /// A PNG (`f=100`): filtered before compressing, as ``pngCompression`` says.
        case png
    }

    /// What the terminal does with a transmitted image.
    public enum Action: Sendable {
        /// Holds its pixels only (`a=t`), placed later by ``place(_:placementID:origin:visible:)``.
        case hold
        /// Holds it with a virtual placement for Unicode placeholders (`a=T,U=1`, its cells).
        case holdForPlaceholders
        /// Shows it at the cursor, its cells large (`a=T`): the cursor ends after the picture.
        case display
        /// Shows it at the cursor, its cells large, under placement ``placedPlacementID``, the
        /// cursor left where it is (`a=T,C=1`): a picture placed in a box of the screen
        /// (`show --place`), which nothing after it may scroll.
        case displayInPlace
    }

    /// The placement id of a picture shown by ``Action/displayInPlace``.
    public static let placedPlacementID: UInt32 = 1

    /// Transmits `image`: for Unicode placeholders with a virtual placement (`a=T,U=1`), else for
    /// direct placement as pixels only (`a=t`, placed by ``place(_:placementID:origin:visible:)``),
    /// quietly (`q=2`: no replies that could land in the input), in chunks of at most
    /// ``chunkSize`` base64 bytes, as `payload` says (24-bit RGB when every pixel is opaque, else
    /// 32-bit RGBA; a PNG that cannot be made goes deflated).
    public static func transmit(_ image: TerminalImage, forPlaceholders: Bool, payload: Payload = .png) -> [UInt8] {
        transmit(image, action: forPlaceholders ? .holdForPlaceholders : .hold, payload: payload)
    }

    /// Transmits `image` for `action`, as ``transmit(_:forPlaceholders:payload:)`` describes.
    public static func transmit(_ image: TerminalImage, action: Action, payload: Payload = .png) -> [UInt8] {
        var control: String
        var bytes: [UInt8]
        if payload == .png, let png = image.encodedPNG ?? (try? encodedPNG(image.bitmap)) {
            control = self.control(for: image, action: action, format: 100)
            bytes = png
        } else {
            let (pixels, format) = pixelBytes(image.bitmap)
            control = self.control(for: image, action: action, format: format)
            bytes = pixels
            if payload != .raw, let deflated = Deflate.compress(pixels) {
                bytes = deflated
                control += ",o=z"
            }
        }
        return chunked(bytes, control: control)
    }

    /// `payload` in base64, in escapes of at most ``chunkSize`` base64 bytes, the first with
    /// `control`'s keys, each saying whether more follow (`m=1`). Encoded straight into the
    /// bytes returned, a chunk's input (3,072 bytes) at a time.
    static func chunked(_ payload: [UInt8], control: String) -> [UInt8] {
        let pieceSize = chunkSize / 4 * 3
        let pieces = max(1, (payload.count + pieceSize - 1) / pieceSize)
        let encodedCount = (payload.count + 2) / 3 * 4
        var output: [UInt8] = []
        output.reserveCapacity(encodedCount + pieces * 12 + control.utf8.count + 8)
        payload.withUnsafeBufferPointer { input in
            var start = 0
            repeat {
                let end = min(input.count, start + pieceSize)
                let more = end < input.count ? 1 : 0
                output += Array("\u{1B}_G\(start == 0 ? control + "," : "")m=\(more);".utf8)
                Base64.append(UnsafeBufferPointer(rebasing: input[start..<end]), to: &output)
                output += [0x1B, UInt8(ascii: "\\")]
                start = end
            } while start < input.count
        }
        return output
    }

    /// Transmits `image` as a temporary file the terminal reads and then deletes (`t=t`): a few
    /// hundred bytes on the tty whatever the image's size. `path` must hold the pixels as
    /// ``pixelBytes(_:)`` gives them (in its `format`) and name `tty-graphics-protocol` (the
    /// protocol's rule for files a terminal may delete).
    public static func transmit(_ image: TerminalImage, forPlaceholders: Bool, file path: String, format: Int) -> [UInt8] {
        transmit(image, action: forPlaceholders ? .holdForPlaceholders : .hold, file: path, format: format)
    }

    /// Transmits `image` as a temporary file for `action`, as ``transmit(_:forPlaceholders:file:format:)`` describes.
    public static func transmit(_ image: TerminalImage, action: Action, file path: String, format: Int) -> [UInt8] {
        let control = self.control(for: image, action: action, format: format) + ",t=t"
        return Array("\u{1B}_G\(control);".utf8) + Base64.encoded(Array(path.utf8)) + Array("\u{1B}\\".utf8)
    }

    /// `bitmap` as the PNG kitty is sent: RGB compressed as ``pngCompression`` says when every
    /// pixel is opaque, else RGBA at libpng's defaults.
    public static func encodedPNG(_ bitmap: Bitmap) throws -> [UInt8] {
        try isOpaque(bitmap) ? PNGEncoder.encodeOpaque(bitmap, compression: pngCompression) : PNGEncoder.encode(bitmap)
    }

    /// The image's pixels as the protocol takes them: packed RGB (format 24) when every pixel
    /// is opaque, else RGBA (format 32).
    public static func pixelBytes(_ bitmap: Bitmap) -> (bytes: [UInt8], format: Int) {
        let opaque = isOpaque(bitmap)
        let pixels = bitmap.packedSamples(alpha: !opaque)
        return (pixels, opaque ? 24 : 32)
    }

    /// The keys every transmission starts with, the action first.
    private static func control(for image: TerminalImage, action: Action, format: Int) -> String {
        let cells = "c=\(image.cells.columns),r=\(image.cells.rows)"
        // A PNG says its own size.
        let keys = ",f=\(format)" + (format == 100 ? "" : ",s=\(image.bitmap.width),v=\(image.bitmap.height)") + ",i=\(image.id)"
        switch action {
        case .hold: return "a=t,q=2" + keys
        case .holdForPlaceholders: return "a=T,U=1,q=2" + keys + "," + cells
        case .display: return "a=T,q=2," + cells + keys
        case .displayInPlace: return "a=T,q=2,C=1," + cells + keys + ",p=\(placedPlacementID)"
        }
    }

    /// Places the visible part of a held image at the cursor (`a=p`), without moving the
    /// cursor (`C=1`); the caller moves the cursor to the visible part's top-left cell first.
    /// `origin` is where the whole picture's top-left cell would be; `visible` the cells that
    /// show: the source rectangle is cropped to match, so a partly scrolled-out picture shows
    /// exactly its visible part.
    public static func place(_ image: TerminalImage, placementID: UInt32, origin: CellPoint, visible: CellRect) -> [UInt8] {
        let cells = image.cells
        guard cells.rows > 0, cells.columns > 0, visible.size.rows > 0, visible.size.columns > 0 else { return [] }
        let bitmap = image.bitmap
        let top = visible.origin.row - origin.row
        let left = visible.origin.column - origin.column
        let y = bitmap.height * top / cells.rows
        let x = bitmap.width * left / cells.columns
        let height = max(1, min(bitmap.height - y, bitmap.height * visible.size.rows / cells.rows))
        let width = max(1, min(bitmap.width - x, bitmap.width * visible.size.columns / cells.columns))
        let command =
            "\u{1B}_Ga=p,q=2,C=1,i=\(image.id),p=\(placementID),x=\(x),y=\(y),w=\(width),h=\(height),"
            + "c=\(visible.size.columns),r=\(visible.size.rows)\u{1B}\\"
        return Array(command.utf8)
    }

    /// Transmits `image` and shows it at the cursor, `image.cells` large, the way a command
    /// that prints pictures does (`a=T`): the cursor ends after the picture.
    public static func display(_ image: TerminalImage, transport: GraphicsTransport = GraphicsTransport()) -> [UInt8] {
        transport.transmitKitty(image, action: .display)
    }

    /// Deletes one placement of an image, keeping its pixels (`a=d,d=i`).
    public static func deletePlacement(id: UInt32, placementID: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placementID),q=2\u{1B}\\".utf8)
    }

    /// Deletes the image `id` and its placements, freeing the terminal's memory (`a=d,d=I`).
    public static func delete(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }

    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        for y in 0..<bitmap.height {
            let row = y * bitmap.bytesPerRow
            for x in 0..<bitmap.width where bitmap.bytes[row + x * 4 + 3] != 255 { return false }
        }
        return true
    }
}

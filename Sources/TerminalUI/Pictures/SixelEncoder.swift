public import ImageCodecs

/// Encodes an image as a sixel graphic: its own palette of up to 256 colours (median cut),
/// optional dithering, run-length encoded bands of six pixel rows. Pure.
///
/// ```swift
/// let bytes = SixelEncoder.encode(bitmap, colors: 256, dither: true)
/// ```
public enum SixelEncoder {
    /// The DCS … ST sixel sequence for `bitmap`.
    public static func encode(_ bitmap: Bitmap, colors: Int = 256, dither: Bool = true) -> [UInt8] {
        encode(PaletteQuantizer.quantize(bitmap, colors: colors, dither: dither))
    }

    /// The sixel sequence for an already quantised image.
    public static func encode(_ image: PaletteQuantizer.Result) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height / 2 + 4096)
        func append(_ text: String) { out.append(contentsOf: text.utf8) }
        // P2 = 1: pixels not drawn keep the background; raster attributes give the size.
        append("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)")
        for (index, colour) in image.palette.enumerated() {
            append("#\(index);2;\(Int(colour.0) * 100 / 255);\(Int(colour.1) * 100 / 255);\(Int(colour.2) * 100 / 255)")
        }
        let width = image.width
        var bandTop = 0
        var row = [UInt8](repeating: 0, count: width)
        while bandTop < image.height {
            let bandRows = min(6, image.height - bandTop)
            // Which colours this band uses.
            var used = [Bool](repeating: false, count: image.palette.count)
            for y in bandTop..<(bandTop + bandRows) {
                for x in 0..<width { used[Int(image.indices[y * width + x])] = true }
            }
            var firstColour = true
            for colour in used.indices where used[colour] {
                for x in 0..<width {
                    var bits: UInt8 = 0
                    for dy in 0..<bandRows where Int(image.indices[(bandTop + dy) * width + x]) == colour {
                        bits |= 1 << dy
                    }
                    row[x] = bits
                }
                if !firstColour { out.append(UInt8(ascii: "$")) }
                firstColour = false
                append("#\(colour)")
                appendRuns(row, to: &out)
            }
            out.append(UInt8(ascii: "-"))
            bandTop += 6
        }
        append("\u{1B}\\")
        return out
    }

    /// Run-length encodes one colour's row of sixels (`!n` for runs longer than three).
    static func appendRuns(_ row: [UInt8], to out: inout [UInt8]) {
        // Trailing empty sixels draw nothing: drop them.
        var end = row.count
        while end > 0, row[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            let value = row[x]
            var run = 1
            while x + run < end, row[x + run] == value { run += 1 }
            let character = 63 + value
            if run > 3 {
                out.append(contentsOf: "!\(run)".utf8)
                out.append(character)
            } else {
                out.append(contentsOf: repeatElement(character, count: run))
            }
            x += run
        }
    }
}

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
        let colours = image.palette.count
        // One row of sixel bits a colour, filled in one pass over the band's pixels.
        var bits = [UInt8](repeating: 0, count: max(1, colours * width))
        var usedInBand = [Bool](repeating: false, count: colours)
        var used: [Int] = []
        var bandTop = 0
        while bandTop < image.height {
            let bandRows = min(6, image.height - bandTop)
            used.removeAll(keepingCapacity: true)
            for dy in 0..<bandRows {
                let rowStart = (bandTop + dy) * width
                for x in 0..<width {
                    let colour = Int(image.indices[rowStart + x])
                    if !usedInBand[colour] {
                        usedInBand[colour] = true
                        used.append(colour)
                    }
                    bits[colour * width + x] |= 1 << dy
                }
            }
            used.sort()
            for (position, colour) in used.enumerated() {
                if position > 0 { out.append(UInt8(ascii: "$")) }
                append("#\(colour)")
                let start = colour * width
                appendRuns(bits[start..<(start + width)], to: &out)
                for x in start..<(start + width) { bits[x] = 0 }
                usedInBand[colour] = false
            }
            out.append(UInt8(ascii: "-"))
            bandTop += 6
        }
        append("\u{1B}\\")
        return out
    }

    /// Run-length encodes one colour's row of sixels (`!n` for runs longer than three).
    static func appendRuns(_ row: ArraySlice<UInt8>, to out: inout [UInt8]) {
        // Trailing empty sixels draw nothing: drop them.
        var end = row.endIndex
        while end > row.startIndex, row[end - 1] == 0 { end -= 1 }
        var x = row.startIndex
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

/// Encodes the bands of a quantised image one at a time — each up to six pixel rows, every
/// colour used in it as a run-length encoded row of sixels, then a graphics new line (`-`) —
/// reusing its scratch rows from band to band. A band's bytes depend only on its pixels, so
/// bands encoded apart and joined are the bytes of the whole (``SixelBands`` relies on it).
///
/// ```swift
/// var bands = SixelBandEncoder(of: quantized)
/// bands.append(rows: 0..<6, to: &out)
/// ```
struct SixelBandEncoder {
    private let image: PaletteQuantizer.Result
    /// One row of sixel bits a colour, filled in one pass over the band's pixels.
    private var bits: [UInt8]
    private var usedInBand: [Bool]
    private var used: [Int] = []

    /// An encoder of `image`'s bands.
    init(of image: PaletteQuantizer.Result) {
        self.image = image
        bits = [UInt8](repeating: 0, count: max(1, image.palette.count * image.width))
        usedInBand = [Bool](repeating: false, count: image.palette.count)
    }

    /// Appends the band of pixel rows `rows` (at most six) to `out`.
    mutating func append(rows: Range<Int>, to out: inout [UInt8]) {
        let width = image.width
        used.removeAll(keepingCapacity: true)
        for (dy, y) in rows.enumerated() {
            let rowStart = y * width
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
            out += "#\(colour)".utf8
            let start = colour * width
            SixelEncoder.appendRuns(bits[start..<(start + width)], to: &out)
            for x in start..<(start + width) { bits[x] = 0 }
            usedInBand[colour] = false
        }
        out.append(UInt8(ascii: "-"))
    }
}

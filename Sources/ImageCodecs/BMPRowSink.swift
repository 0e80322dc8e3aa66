import Vocabulary

/// Where decoded BMP rows go: straight into the bitmap, or area-averaged by an integer factor
/// as they arrive (alpha-weighted, edge blocks averaging the pixels they have, as the C shim's
/// box reducer does for the other formats), so a reduced decode never holds the full image.
///
/// Rows may come bottom first or top first, but each output block row must be complete before
/// the next begins (true of BMP's packed and run-length rows, which move one way).
struct BMPRowSink {
    private let size: PixelSize
    private let factor: Int
    private let output: PixelSize
    private var pixels: [UInt8]
    /// Per output pixel of the held block row: alpha-weighted red, green, blue, and alpha.
    private var sums: [UInt64]
    private var heldRow = -1

    init(size: PixelSize, factor: Int) {
        self.size = size
        self.factor = max(1, factor)
        output = DecodePlan.reducedSize(size, by: self.factor)
        pixels = [UInt8](repeating: 0, count: output.width * output.height * 4)
        sums = self.factor > 1 ? [UInt64](repeating: 0, count: output.width * 4) : []
    }

    /// Adds source row `y` (RGBA8, `size.width` pixels).
    mutating func add(_ row: [UInt8], y: Int) {
        guard factor > 1 else {
            let start = y * size.width * 4
            pixels.replaceSubrange(start..<start + row.count, with: row)
            return
        }
        let outRow = y / factor
        if outRow != heldRow { flush() }
        heldRow = outRow
        for x in 0..<size.width {
            let alpha = UInt64(row[4 * x + 3])
            let at = x / factor * 4
            sums[at] += UInt64(row[4 * x]) * alpha
            sums[at + 1] += UInt64(row[4 * x + 1]) * alpha
            sums[at + 2] += UInt64(row[4 * x + 2]) * alpha
            sums[at + 3] += alpha
        }
    }

    /// The bitmap, every held sum written out.
    mutating func finish() -> Bitmap {
        flush()
        return Bitmap(uncheckedWidth: output.width, height: output.height, bytes: pixels)
    }

    private mutating func flush() {
        guard heldRow >= 0 else { return }
        let blockHeight = UInt64(min(factor, size.height - heldRow * factor))
        for ox in 0..<output.width {
            let blockWidth = UInt64(min(factor, size.width - ox * factor))
            let at = ox * 4
            let alpha = sums[at + 3]
            let out = (heldRow * output.width + ox) * 4
            for channel in 0..<3 {
                pixels[out + channel] = alpha == 0 ? 0 : UInt8((sums[at + channel] + alpha / 2) / alpha)
            }
            let count = blockWidth * blockHeight
            pixels[out + 3] = UInt8((alpha + count / 2) / count)
            sums[at] = 0
            sums[at + 1] = 0
            sums[at + 2] = 0
            sums[at + 3] = 0
        }
        heldRow = -1
    }
}

public import ImageCodecs

/// Chooses up to N colours for one image (median cut on its own pixels, not a fixed palette)
/// and maps pixels to them, with optional Floyd–Steinberg error diffusion. Pure.
///
/// ```swift
/// let quantized = PaletteQuantizer.quantize(bitmap, colors: 256, dither: true)
/// quantized.palette.count   // ≤ 256
/// quantized.indices.count   // width × height
/// ```
public enum PaletteQuantizer {
    /// An image as palette indices.
    public struct Result: Sendable {
        /// The colours, RGB.
        public var palette: [(UInt8, UInt8, UInt8)]
        /// One palette index a pixel, row by row.
        public var indices: [UInt8]
        /// Width and height.
        public var width: Int
        public var height: Int
    }

    /// Quantises `bitmap` (alpha composited over black) to at most `colors` (1…256) colours.
    public static func quantize(_ bitmap: Bitmap, colors: Int, dither: Bool) -> Result {
        let limit = min(256, max(1, colors))
        let pixels = rgb(bitmap)
        let palette = medianCut(pixels, limit: limit)
        // Nearest colours cached per 6-bit-a-channel cube (4×4×4 values share an answer); a
        // miss searches the palette sorted by green outward from the pixel's green, stopping
        // once the green distance alone exceeds the best found.
        var lookup = [Int16](repeating: -1, count: 1 << 18)
        let byGreen = palette.indices.sorted { palette[$0].1 < palette[$1].1 }
        let greens = byGreen.map { Int(palette[$0].1) }
        func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
            if lookup[key] >= 0 { return Int(lookup[key]) }
            var low = 0
            var high = greens.count
            while low < high {
                let middle = (low + high) / 2
                if greens[middle] < g { low = middle + 1 } else { high = middle }
            }
            var best = byGreen[min(low, greens.count - 1)]
            var bestDistance = Int.max
            var up = low
            var down = low - 1
            while up < greens.count || down >= 0 {
                for side in 0..<2 {
                    let position = side == 0 ? up : down
                    guard position >= 0, position < greens.count else { continue }
                    let dg = g - greens[position]
                    if dg * dg >= bestDistance {
                        if side == 0 { up = greens.count } else { down = -1 }
                        continue
                    }
                    let index = byGreen[position]
                    let colour = palette[index]
                    let dr = r - Int(colour.0), db = b - Int(colour.2)
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance {
                        bestDistance = distance
                        best = index
                    }
                    if side == 0 { up += 1 } else { down -= 1 }
                }
            }
            lookup[key] = Int16(best)
            return best
        }
        let width = bitmap.width
        let height = bitmap.height
        var indices = [UInt8](repeating: 0, count: width * height)
        if dither {
            // Floyd–Steinberg with the error kept in a flat buffer of three channels a pixel.
            var error = [Int32](repeating: 0, count: width * height * 3)
            for (i, pixel) in pixels.enumerated() {
                error[i * 3] = Int32(pixel.0)
                error[i * 3 + 1] = Int32(pixel.1)
                error[i * 3 + 2] = Int32(pixel.2)
            }
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x
                    let r = Int(min(255, max(0, error[i * 3])))
                    let g = Int(min(255, max(0, error[i * 3 + 1])))
                    let b = Int(min(255, max(0, error[i * 3 + 2])))
                    let index = nearest(r, g, b)
                    indices[i] = UInt8(index)
                    let chosen = palette[index]
                    let spread = (Int32(r - Int(chosen.0)), Int32(g - Int(chosen.1)), Int32(b - Int(chosen.2)))
                    func push(_ dx: Int, _ dy: Int, _ weight: Int32) {
                        let nx = x + dx
                        let ny = y + dy
                        guard nx >= 0, nx < width, ny < height else { return }
                        let j = (ny * width + nx) * 3
                        error[j] += spread.0 * weight / 16
                        error[j + 1] += spread.1 * weight / 16
                        error[j + 2] += spread.2 * weight / 16
                    }
                    push(1, 0, 7)
                    push(-1, 1, 3)
                    push(0, 1, 5)
                    push(1, 1, 1)
                }
            }
        } else {
            for (i, pixel) in pixels.enumerated() {
                indices[i] = UInt8(nearest(Int(pixel.0), Int(pixel.1), Int(pixel.2)))
            }
        }
        return Result(palette: palette, indices: indices, width: width, height: height)
    }

    /// The pixels as RGB, alpha composited over black.
    public static func rgb(_ bitmap: Bitmap) -> [(UInt8, UInt8, UInt8)] {
        var result: [(UInt8, UInt8, UInt8)] = []
        result.reserveCapacity(bitmap.width * bitmap.height)
        for y in 0..<bitmap.height {
            let row = y * bitmap.bytesPerRow
            for x in 0..<bitmap.width {
                let i = row + x * 4
                let alpha = Int(bitmap.bytes[i + 3])
                result.append((
                    UInt8(Int(bitmap.bytes[i]) * alpha / 255), UInt8(Int(bitmap.bytes[i + 1]) * alpha / 255),
                    UInt8(Int(bitmap.bytes[i + 2]) * alpha / 255)))
            }
        }
        return result
    }

    /// Median cut over a 5-bit-a-channel histogram: the box with the widest channel range
    /// (weighted by its pixel count) is split at its weighted median until there are `limit`
    /// boxes; each colour is the mean of the pixels in its box. Working on at most 32,768
    /// occupied bins instead of every pixel keeps it cheap for large pictures.
    static func medianCut(_ pixels: [(UInt8, UInt8, UInt8)], limit: Int) -> [(UInt8, UInt8, UInt8)] {
        guard !pixels.isEmpty else { return [(0, 0, 0)] }
        struct Bin {
            var key: (Int, Int, Int)
            var count = 0
            var sum = (0, 0, 0)
        }
        var table = [Int32](repeating: -1, count: 1 << 15)
        var bins: [Bin] = []
        for pixel in pixels {
            let key = (Int(pixel.0) >> 3, Int(pixel.1) >> 3, Int(pixel.2) >> 3)
            let index = key.0 << 10 | key.1 << 5 | key.2
            if table[index] < 0 {
                table[index] = Int32(bins.count)
                bins.append(Bin(key: key))
            }
            let slot = Int(table[index])
            bins[slot].count += 1
            bins[slot].sum.0 += Int(pixel.0)
            bins[slot].sum.1 += Int(pixel.1)
            bins[slot].sum.2 += Int(pixel.2)
        }
        struct Box {
            var bins: ArraySlice<Bin>
            var channel = 0
            var span = 0
            var count = 0

            init(_ bins: ArraySlice<Bin>) {
                self.bins = bins
                var low = (31, 31, 31)
                var high = (0, 0, 0)
                for bin in bins {
                    low = (min(low.0, bin.key.0), min(low.1, bin.key.1), min(low.2, bin.key.2))
                    high = (max(high.0, bin.key.0), max(high.1, bin.key.1), max(high.2, bin.key.2))
                    count += bin.count
                }
                let spans = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
                channel = spans.indices.max { spans[$0] < spans[$1] } ?? 0
                span = spans[channel]
            }

            var weight: Int { bins.count > 1 ? span * count : 0 }
        }
        var boxes = [Box(bins[...])]
        while boxes.count < limit {
            guard let target = boxes.indices.max(by: { boxes[$0].weight < boxes[$1].weight }), boxes[target].weight > 0
            else { break }
            let channel = boxes[target].channel
            let sorted = boxes[target].bins.sorted { lhs, rhs in
                switch channel {
                case 0: lhs.key.0 < rhs.key.0
                case 1: lhs.key.1 < rhs.key.1
                default: lhs.key.2 < rhs.key.2
                }
            }
            // The weighted median, keeping at least one bin on each side.
            let half = boxes[target].count / 2
            var running = 0
            var split = 1
            for (index, bin) in sorted.enumerated() {
                running += bin.count
                if running >= half {
                    split = min(max(1, index + 1), sorted.count - 1)
                    break
                }
            }
            let array = Array(sorted)
            boxes[target] = Box(array[..<split])
            boxes.append(Box(array[split...]))
        }
        var palette = boxes.map { box in
            var sum = (0, 0, 0)
            for bin in box.bins {
                sum = (sum.0 + bin.sum.0, sum.1 + bin.sum.1, sum.2 + bin.sum.2)
            }
            let count = max(1, box.count)
            return (Int(sum.0 / count), Int(sum.1 / count), Int(sum.2 / count))
        }
        // Lloyd refinement: each occupied bin goes to its nearest colour (the distance the
        // mapping uses), each colour becomes the mean of its pixels. Median cut's boxes are
        // cut along one axis at a time; a pass or two moves the colours to where the pixels are.
        for _ in 0..<refinementPasses where palette.count > 1 {
            var sums = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: palette.count)
            for bin in bins {
                let count = max(1, bin.count)
                let r = bin.sum.0 / count, g = bin.sum.1 / count, b = bin.sum.2 / count
                var best = 0
                var bestDistance = Int.max
                for (index, colour) in palette.enumerated() {
                    let dr = r - colour.0, dg = g - colour.1, db = b - colour.2
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance {
                        bestDistance = distance
                        best = index
                    }
                }
                sums[best].0 += bin.sum.0
                sums[best].1 += bin.sum.1
                sums[best].2 += bin.sum.2
                sums[best].3 += bin.count
            }
            for index in palette.indices where sums[index].3 > 0 {
                let count = sums[index].3
                palette[index] = (sums[index].0 / count, sums[index].1 / count, sums[index].2 / count)
            }
        }
        return palette.map { (UInt8($0.0), UInt8($0.1), UInt8($0.2)) }
    }

    /// Lloyd passes after median cut.
    static let refinementPasses = 2
}

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
        var lookup = [Int16](repeating: -1, count: 1 << 15)
        func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
            let key = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
            if lookup[key] >= 0 { return Int(lookup[key]) }
            var best = 0
            var bestDistance = Int.max
            for (index, colour) in palette.enumerated() {
                let dr = r - Int(colour.0), dg = g - Int(colour.1), db = b - Int(colour.2)
                let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                if distance < bestDistance {
                    bestDistance = distance
                    best = index
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
    static func rgb(_ bitmap: Bitmap) -> [(UInt8, UInt8, UInt8)] {
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

    /// Median cut: split the box with the widest channel range at its median until `limit` boxes.
    static func medianCut(_ pixels: [(UInt8, UInt8, UInt8)], limit: Int) -> [(UInt8, UInt8, UInt8)] {
        guard !pixels.isEmpty else { return [(0, 0, 0)] }
        var boxes: [[(UInt8, UInt8, UInt8)]] = [pixels]
        func range(_ box: [(UInt8, UInt8, UInt8)]) -> (channel: Int, span: Int) {
            var low = [255, 255, 255], high = [0, 0, 0]
            for pixel in box {
                let values = [Int(pixel.0), Int(pixel.1), Int(pixel.2)]
                for c in 0..<3 {
                    low[c] = min(low[c], values[c])
                    high[c] = max(high[c], values[c])
                }
            }
            let spans = (0..<3).map { high[$0] - low[$0] }
            let channel = spans.indices.max { spans[$0] < spans[$1] } ?? 0
            return (channel, spans[channel])
        }
        while boxes.count < limit {
            guard let target = boxes.indices.filter({ boxes[$0].count > 1 }).max(by: { lhs, rhs in
                let a = range(boxes[lhs]), b = range(boxes[rhs])
                return a.span * boxes[lhs].count < b.span * boxes[rhs].count
            }) else { break }
            let (channel, span) = range(boxes[target])
            guard span > 0 else { break }
            let sorted = boxes[target].sorted { lhs, rhs in
                switch channel {
                case 0: lhs.0 < rhs.0
                case 1: lhs.1 < rhs.1
                default: lhs.2 < rhs.2
                }
            }
            let middle = sorted.count / 2
            boxes[target] = Array(sorted[..<middle])
            boxes.append(Array(sorted[middle...]))
        }
        return boxes.map { box in
            var sum = [0, 0, 0]
            for pixel in box {
                sum[0] += Int(pixel.0)
                sum[1] += Int(pixel.1)
                sum[2] += Int(pixel.2)
            }
            let count = max(1, box.count)
            return (UInt8(sum[0] / count), UInt8(sum[1] / count), UInt8(sum[2] / count))
        }
    }
}

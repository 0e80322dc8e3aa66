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

    /// Median cut: split the box with the widest channel range (weighted by its pixel count) at
    /// its median until there are `limit` boxes; each colour is its box's mean. Large images are
    /// sampled (at most 65 536 pixels) to choose the palette.
    static func medianCut(_ all: [(UInt8, UInt8, UInt8)], limit: Int) -> [(UInt8, UInt8, UInt8)] {
        guard !all.isEmpty else { return [(0, 0, 0)] }
        let step = max(1, all.count / 65_536)
        let pixels = step == 1 ? all : stride(from: 0, to: all.count, by: step).map { all[$0] }
        struct Box {
            var pixels: [(UInt8, UInt8, UInt8)]
            var channel = 0
            var span = 0

            init(_ pixels: [(UInt8, UInt8, UInt8)]) {
                self.pixels = pixels
                var low = (255, 255, 255)
                var high = (0, 0, 0)
                for pixel in pixels {
                    low = (min(low.0, Int(pixel.0)), min(low.1, Int(pixel.1)), min(low.2, Int(pixel.2)))
                    high = (max(high.0, Int(pixel.0)), max(high.1, Int(pixel.1)), max(high.2, Int(pixel.2)))
                }
                let spans = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
                channel = spans.indices.max { spans[$0] < spans[$1] } ?? 0
                span = spans[channel]
            }

            var weight: Int { pixels.count > 1 ? span * pixels.count : 0 }
        }
        var boxes = [Box(pixels)]
        while boxes.count < limit {
            guard let target = boxes.indices.max(by: { boxes[$0].weight < boxes[$1].weight }), boxes[target].weight > 0
            else { break }
            let channel = boxes[target].channel
            let sorted = boxes[target].pixels.sorted { lhs, rhs in
                switch channel {
                case 0: lhs.0 < rhs.0
                case 1: lhs.1 < rhs.1
                default: lhs.2 < rhs.2
                }
            }
            let middle = sorted.count / 2
            boxes[target] = Box(Array(sorted[..<middle]))
            boxes.append(Box(Array(sorted[middle...])))
        }
        return boxes.map { box in
            var sum = (0, 0, 0)
            for pixel in box.pixels {
                sum = (sum.0 + Int(pixel.0), sum.1 + Int(pixel.1), sum.2 + Int(pixel.2))
            }
            let count = max(1, box.pixels.count)
            return (UInt8(sum.0 / count), UInt8(sum.1 / count), UInt8(sum.2 / count))
        }
    }
}

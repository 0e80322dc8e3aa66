import ImageCodecs
import Vocabulary

/// The sub-pixels a renderer works on: sRGB (0…255, alpha composited over black) and Oklab.
struct SubpixelImage {
    let width: Int
    let height: Int
    /// sRGB values, row-major.
    var rgb: [SIMD3<Float>]
    /// The same pixels in Oklab.
    var lab: [SIMD3<Float>]

    /// Samples `crop` of `bitmap` down (or up) to `size` with an area-average (box) filter.
    ///
    /// Averages are taken on the sRGB values, as image tools and the quality reference do.
    /// When `crop` is the whole bitmap and `size` is its size, pixels are copied 1:1.
    init(sampling bitmap: Bitmap, crop: PixelRect, to size: PixelSize) {
        width = max(0, size.width)
        height = max(0, size.height)
        let count = width * height
        var rgb = [SIMD3<Float>](repeating: .zero, count: count)
        let crop = Self.clamp(crop, to: bitmap.size)
        if count > 0, crop.width > 0, crop.height > 0 {
            if crop.size == size {
                Self.copy(bitmap, crop: crop, into: &rgb)
            } else {
                Self.average(bitmap, crop: crop, into: &rgb, width: width, height: height)
            }
        }
        self.rgb = rgb
        self.lab = rgb.map { ColorSpace.oklab(srgb: $0) }
    }

    private static func clamp(_ rect: PixelRect, to size: PixelSize) -> PixelRect {
        let x = min(max(rect.x, 0), size.width)
        let y = min(max(rect.y, 0), size.height)
        return PixelRect(
            x: x, y: y,
            width: min(max(rect.width, 0), size.width - x),
            height: min(max(rect.height, 0), size.height - y))
    }

    @inline(__always)
    private static func pixel(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> SIMD3<Float> {
        let alpha = Float(bytes[offset + 3])
        let color = SIMD3(Float(bytes[offset]), Float(bytes[offset + 1]), Float(bytes[offset + 2]))
        return alpha == 255 ? color : color * (alpha / 255)
    }

    private static func copy(_ bitmap: Bitmap, crop: PixelRect, into rgb: inout [SIMD3<Float>]) {
        let stride = bitmap.bytesPerRow
        bitmap.withBytes { bytes in
            var index = 0
            for y in crop.y..<(crop.y + crop.height) {
                var offset = y * stride + crop.x * 4
                for _ in 0..<crop.width {
                    rgb[index] = pixel(bytes, offset)
                    index += 1
                    offset += 4
                }
            }
        }
    }

    /// For each output pixel along one axis: the first source index and the weights that follow.
    private static func weights(start: Int, length: Int, count: Int) -> [(first: Int, weights: [Float])] {
        let scale = Double(length) / Double(count)
        return (0..<count).map { index in
            let from = Double(index) * scale
            let to = Double(index + 1) * scale
            let first = Int(from.rounded(.down))
            let last = min(length - 1, max(first, Int((to - 1e-9).rounded(.down))))
            var weights: [Float] = []
            for source in first...last {
                let covered = min(to, Double(source + 1)) - max(from, Double(source))
                weights.append(Float(covered / scale))
            }
            return (start + first, weights)
        }
    }

    private static func average(
        _ bitmap: Bitmap, crop: PixelRect, into rgb: inout [SIMD3<Float>], width: Int, height: Int
    ) {
        let columns = weights(start: crop.x, length: crop.width, count: width)
        let rows = weights(start: crop.y, length: crop.height, count: height)
        let stride = bitmap.bytesPerRow
        // Horizontal pass over the source rows in the crop, then vertical.
        var horizontal = [SIMD3<Float>](repeating: .zero, count: crop.height * width)
        bitmap.withBytes { bytes in
            for sourceRow in 0..<crop.height {
                let rowOffset = (crop.y + sourceRow) * stride
                for (x, column) in columns.enumerated() {
                    var sum = SIMD3<Float>.zero
                    var offset = rowOffset + column.first * 4
                    for weight in column.weights {
                        sum += pixel(bytes, offset) * weight
                        offset += 4
                    }
                    horizontal[sourceRow * width + x] = sum
                }
            }
        }
        for (y, row) in rows.enumerated() {
            for x in 0..<width {
                var sum = SIMD3<Float>.zero
                var sourceRow = row.first - crop.y
                for weight in row.weights {
                    sum += horizontal[sourceRow * width + x] * weight
                    sourceRow += 1
                }
                rgb[y * width + x] = sum
            }
        }
    }
}

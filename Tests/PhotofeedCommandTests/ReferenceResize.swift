@testable import ImageCodecs
import Vocabulary

/// `Bitmap.resized(to:)` written again with scalar `Float`s: the same weights (ImageCodecs'
/// own `ResampleAxis`), the same operations in the same order (premultiply, horizontal pass,
/// vertical pass, straight-alpha store), so the same bytes, which `ReferenceResizeTests`
/// checks against `resized(to:)` itself.
///
/// Why it exists: `ThumbnailQualityTests` area-averages every photo of Assets/photos (84
/// megapixels in all) from its full size, three times. `resized(to:)` does it in `SIMD4<Float>`,
/// which a debug build runs as unspecialised generic calls (about 2 µs a pixel): that test cost
/// ~120 CPU-seconds, two thirds of the unit targets' CPU. Scalar floats through pointers cost a
/// fraction of it in the same debug build.
enum ReferenceResize {
    static func resized(_ bitmap: Bitmap, to size: PixelSize) -> Bitmap {
        let width = size.width, height = size.height
        // The cases `resized(to:)` answers without resampling are its own.
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0, size != bitmap.size else {
            return bitmap.resized(to: size)
        }
        let xAxis = ResampleAxis(source: bitmap.width, output: width)
        let yAxis = ResampleAxis(source: bitmap.height, output: height)
        let rows = horizontalPass(bitmap, axis: xAxis)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        var sum = [Float](repeating: 0, count: width * 4)
        rows.withUnsafeBufferPointer { rows in
        out.withUnsafeMutableBufferPointer { out in
        sum.withUnsafeMutableBufferPointer { sum in
        yAxis.starts.withUnsafeBufferPointer { starts in
        yAxis.offsets.withUnsafeBufferPointer { offsets in
        yAxis.counts.withUnsafeBufferPointer { counts in
        yAxis.weights.withUnsafeBufferPointer { weights in
            let rowBase = rows.baseAddress!, outBase = out.baseAddress!, sumBase = sum.baseAddress!
            let lanes = width * 4
            for y in 0..<height {
                var lane = 0
                while lane < lanes { sumBase[lane] = 0; lane &+= 1 }
                var w = offsets[y]
                for k in 0..<counts[y] {
                    let row = rowBase + (starts[y] + k) * lanes
                    let weight = weights[w]
                    lane = 0
                    while lane < lanes { sumBase[lane] += row[lane] * weight; lane &+= 1 }
                    w &+= 1
                }
                var pixel = outBase + y * lanes
                lane = 0
                while lane < lanes {
                    storeStraight(sumBase + lane, to: pixel)
                    pixel += 4
                    lane &+= 4
                }
            }
        }
        }
        }
        }
        }
        }
        }
        return Bitmap(uncheckedWidth: width, height: height, bytes: out)
    }

    /// Every source row resampled along `axis` into premultiplied pixels, four floats each,
    /// row after row (`resized(to:)` keeps only a window of them; the values are the same).
    private static func horizontalPass(_ bitmap: Bitmap, axis: ResampleAxis) -> [Float] {
        let width = axis.counts.count, stride = bitmap.bytesPerRow
        var rows = [Float](repeating: 0, count: bitmap.height * width * 4)
        bitmap.withBytes { input in
        rows.withUnsafeMutableBufferPointer { rows in
        axis.starts.withUnsafeBufferPointer { starts in
        axis.offsets.withUnsafeBufferPointer { offsets in
        axis.counts.withUnsafeBufferPointer { counts in
        axis.weights.withUnsafeBufferPointer { weights in
            let inBase = input.baseAddress!, startBase = starts.baseAddress!, offsetBase = offsets.baseAddress!
            let countBase = counts.baseAddress!, weightBase = weights.baseAddress!
            var out = rows.baseAddress!
            for y in 0..<bitmap.height {
                let row = inBase + y * stride
                var x = 0
                while x < width {
                    // As `sum += Bitmap.premultiplied(pixel) * weight`, lane by lane.
                    var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                    var pixel = row + startBase[x] * 4
                    var weight = weightBase + offsetBase[x]
                    let end = weight + countBase[x]
                    while weight < end {
                        let factor = Float(Int(pixel[3])) * (1 / 255)
                        let w = weight.pointee
                        s0 += Float(Int(pixel[0])) * factor * w
                        s1 += Float(Int(pixel[1])) * factor * w
                        s2 += Float(Int(pixel[2])) * factor * w
                        s3 += 255 * factor * w
                        pixel += 4
                        weight += 1
                    }
                    out[0] = s0
                    out[1] = s1
                    out[2] = s2
                    out[3] = s3
                    out += 4
                    x &+= 1
                }
            }
        }
        }
        }
        }
        }
        }
        return rows
    }

    /// As `Bitmap.storeStraight`: a premultiplied pixel as straight-alpha RGBA8, rounded and
    /// clamped; one with alpha under 0.5 is transparent black.
    private static func storeStraight(_ value: UnsafeMutablePointer<Float>, to pixel: UnsafeMutablePointer<UInt8>) {
        let alpha = value[3]
        guard alpha >= 0.5 else {
            pixel[0] = 0
            pixel[1] = 0
            pixel[2] = 0
            pixel[3] = 0
            return
        }
        let scale = 255 / alpha
        pixel[0] = clampedByte(value[0] * scale)
        pixel[1] = clampedByte(value[1] * scale)
        pixel[2] = clampedByte(value[2] * scale)
        pixel[3] = clampedByte(alpha)
    }

    private static func clampedByte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

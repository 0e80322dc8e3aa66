/// A bitmap as premultiplied integer channels, for running-sum box blurs.
struct BlurPlane {
    let width: Int
    let height: Int
    /// Four channels a pixel: r·a/255, g·a/255, b·a/255, a (each 0…255, scaled by 256 for precision).
    private var values: [Int32]
    private var scratch: [Int32]

    init(_ bitmap: Bitmap) {
        let w = bitmap.width, h = bitmap.height, stride = bitmap.bytesPerRow
        var planar = [Int32](repeating: 0, count: w * h * 4)
        bitmap.withBytes { bytes in
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * stride + x * 4, o = (y * w + x) * 4
                    let alpha = Int32(bytes[i + 3])
                    for c in 0..<3 { planar[o + c] = (Int32(bytes[i + c]) * alpha * 256 + 127) / 255 }
                    planar[o + 3] = alpha * 256
                }
            }
        }
        width = w
        height = h
        values = planar
        scratch = planar
    }

    /// One box pass of width `2·radius + 1` along rows (`horizontal`) or columns, edges clamped.
    mutating func boxPass(radius: Int, horizontal: Bool) {
        let lines = horizontal ? height : width
        let length = horizontal ? width : height
        let step = horizontal ? 4 : width * 4
        let lineStep = horizontal ? width * 4 : 4
        let window = Int64(2 * radius + 1)
        values.withUnsafeBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { output in
                for line in 0..<lines {
                    let base = line * lineStep
                    for c in 0..<4 {
                        let at = { (index: Int) -> Int64 in
                            Int64(input[base + min(max(index, 0), length - 1) * step + c])
                        }
                        var sum: Int64 = 0
                        for k in -radius...radius { sum += at(k) }
                        for i in 0..<length {
                            output[base + i * step + c] = Int32((sum + window / 2) / window)
                            sum += at(i + radius + 1) - at(i - radius)
                        }
                    }
                }
            }
        }
        swap(&values, &scratch)
    }

    /// Back to straight-alpha RGBA8.
    func bitmap() -> Bitmap {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: values.count, by: 4) {
            let alpha = values[i + 3]
            guard alpha >= 128 else { continue }
            for c in 0..<3 {
                let straight = (Int64(values[i + c]) * 255 + Int64(alpha) / 2) / Int64(alpha)
                bytes[i + c] = UInt8(min(255, max(0, straight)))
            }
            bytes[i + 3] = UInt8(min(255, (alpha + 128) / 256))
        }
        return Bitmap(uncheckedWidth: width, height: height, bytes: bytes)
    }
}

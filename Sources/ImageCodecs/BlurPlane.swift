/// A bitmap as premultiplied integer channels, for running-sum box blurs.
///
/// Each pass costs the same whatever the radius: a sliding window adds the value entering
/// and subtracts the one leaving. Vertical passes slide a whole row of sums down the image,
/// so both directions walk memory in order.
struct BlurPlane {
    let width: Int
    let height: Int
    /// Four channels a pixel: r·a/255, g·a/255, b·a/255, a (each 0…255, scaled by 256 for precision).
    private var values: [Int32]
    private var scratch: [Int32]

    /// The widest radius whose window sums of 255·256 values still fit in an `Int32`.
    static let maxRadius = 16_000

    init(_ bitmap: Bitmap) {
        let w = bitmap.width, h = bitmap.height, stride = bitmap.bytesPerRow
        let planar = [Int32](unsafeUninitializedCapacity: w * h * 4) { out, initialized in
            bitmap.withBytes { bytes in
                guard let base = bytes.baseAddress, let outBase = out.baseAddress else { return }
                for y in 0..<h {
                    let row = base + y * stride
                    let outRow = outBase + y * w * 4
                    for x in 0..<w {
                        let i = x * 4
                        let alpha = Int32(row[i + 3])
                        for c in 0..<3 { outRow[i + c] = (Int32(row[i + c]) * alpha * 256 + 127) / 255 }
                        outRow[i + 3] = alpha * 256
                    }
                }
            }
            initialized = w * h * 4
        }
        width = w
        height = h
        values = planar
        scratch = planar
    }

    /// One box pass of width `2·radius + 1` along rows (`horizontal`) or columns, edges clamped.
    mutating func boxPass(radius: Int, horizontal: Bool) {
        let radius = min(radius, Self.maxRadius)
        let w = width, h = height
        let inverse = 1 / Float(2 * radius + 1)
        values.withUnsafeBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { output in
                guard let src = input.baseAddress, let dst = output.baseAddress else { return }
                if horizontal {
                    for y in 0..<h {
                        for c in 0..<4 {
                            let offset = y * w * 4 + c
                            Self.slide(src + offset, dst + offset, count: w, radius: radius, inverse: inverse)
                        }
                    }
                } else {
                    Self.slideRows(src, dst, rowLength: w * 4, height: h, radius: radius, inverse: inverse)
                }
            }
        }
        swap(&values, &scratch)
    }

    /// A sliding-window mean along one channel of one row (`count` values, 4 apart).
    private static func slide(
        _ src: UnsafePointer<Int32>, _ dst: UnsafeMutablePointer<Int32>, count: Int, radius: Int, inverse: Float
    ) {
        let last = count - 1
        var sum = src[0] * Int32(radius + 1)
        if radius >= 1 {
            for k in 1...radius { sum += src[min(k, last) * 4] }
        }
        for i in 0..<count {
            dst[i * 4] = Int32(Float(sum) * inverse + 0.5)
            sum += src[min(i + radius + 1, last) * 4] - src[max(i - radius, 0) * 4]
        }
    }

    /// A vertical sliding-window mean, a row of sums at a time.
    private static func slideRows(
        _ src: UnsafePointer<Int32>, _ dst: UnsafeMutablePointer<Int32>,
        rowLength: Int, height: Int, radius: Int, inverse: Float
    ) {
        let last = height - 1
        var sums = [Int32](repeating: 0, count: rowLength)
        sums.withUnsafeMutableBufferPointer { sums in
            guard let sum = sums.baseAddress else { return }
            for x in 0..<rowLength { sum[x] = src[x] * Int32(radius + 1) }
            if radius >= 1 {
                for k in 1...radius {
                    let row = src + min(k, last) * rowLength
                    for x in 0..<rowLength { sum[x] += row[x] }
                }
            }
            for y in 0..<height {
                let out = dst + y * rowLength
                let entering = src + min(y + radius + 1, last) * rowLength
                let leaving = src + max(y - radius, 0) * rowLength
                for x in 0..<rowLength {
                    out[x] = Int32(Float(sum[x]) * inverse + 0.5)
                    sum[x] += entering[x] - leaving[x]
                }
            }
        }
    }

    /// Back to straight-alpha RGBA8.
    func bitmap() -> Bitmap {
        let count = width * height
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            values.withUnsafeBufferPointer { values in
                guard let src = values.baseAddress, let outBase = out.baseAddress else { return }
                for i in 0..<count {
                    let p = src + i * 4
                    let pixel = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 256)
                    Bitmap.storeStraight(pixel, to: outBase + i * 4)
                }
            }
            initialized = count * 4
        }
        return Bitmap(uncheckedWidth: width, height: height, bytes: bytes)
    }
}

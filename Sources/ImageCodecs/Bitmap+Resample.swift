extension Bitmap {
    /// The pixels of `rect` (clamped to the bitmap) scaled to `size`, separably:
    /// a horizontal pass into premultiplied float rows, then a vertical pass.
    func resampled(from rect: PixelRect, to size: PixelSize) -> Bitmap {
        let outWidth = max(0, size.width), outHeight = max(0, size.height)
        let source = clampedRect(rect)
        guard outWidth > 0, outHeight > 0 else { return Bitmap(width: outWidth, height: outHeight) }
        guard source.width > 0, source.height > 0 else {
            return Bitmap(width: outWidth, height: outHeight, fill: .clear)
        }
        if source.size == size && source.x == 0 && source.y == 0 && bytesPerRow == width * 4 && source.size == self.size {
            return self
        }
        let xAxis = ResampleAxis(source: source.width, output: outWidth)
        let yAxis = ResampleAxis(source: source.height, output: outHeight)
        let rows = horizontalPass(source: source, axis: xAxis, outWidth: outWidth)
        let bytes = Self.verticalPass(rows: rows, axis: yAxis, width: outWidth, height: outHeight)
        return Bitmap(uncheckedWidth: outWidth, height: outHeight, bytes: bytes)
    }

    /// Each source row of `source`, resampled to `outWidth` premultiplied pixels.
    private func horizontalPass(source: PixelRect, axis: ResampleAxis, outWidth: Int) -> [SIMD4<Float>] {
        let stride = bytesPerRow
        return [SIMD4<Float>](unsafeUninitializedCapacity: source.height * outWidth) { rows, initialized in
            withBytes { input in
                guard let inBase = input.baseAddress, let rowBase = rows.baseAddress else { return }
                axis.starts.withUnsafeBufferPointer { starts in
                axis.offsets.withUnsafeBufferPointer { offsets in
                axis.counts.withUnsafeBufferPointer { counts in
                axis.weights.withUnsafeBufferPointer { weights in
                    for r in 0..<source.height {
                        let row = inBase + (source.y + r) * stride + source.x * 4
                        let out = rowBase + r * outWidth
                        for x in 0..<outWidth {
                            var sum = SIMD4<Float>.zero
                            var pixel = row + starts[x] * 4
                            var w = offsets[x]
                            for _ in 0..<counts[x] {
                                sum += Self.premultiplied(pixel) * weights[w]
                                pixel += 4
                                w += 1
                            }
                            (out + x).initialize(to: sum)
                        }
                    }
                }
                }
                }
                }
            }
            initialized = source.height * outWidth
        }
    }

    /// Combines the horizontally resampled rows vertically and unpremultiplies to RGBA8.
    private static func verticalPass(rows: [SIMD4<Float>], axis: ResampleAxis, width: Int, height: Int) -> [UInt8] {
        var accumulator = [SIMD4<Float>](repeating: .zero, count: width)
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            rows.withUnsafeBufferPointer { rows in
            accumulator.withUnsafeMutableBufferPointer { sum in
                guard let rowBase = rows.baseAddress, let outBase = out.baseAddress else { return }
                for y in 0..<height {
                    for x in 0..<width { sum[x] = .zero }
                    var w = axis.offsets[y]
                    for k in 0..<axis.counts[y] {
                        let weight = axis.weights[w]
                        let row = rowBase + (axis.starts[y] + k) * width
                        for x in 0..<width { sum[x] += row[x] * weight }
                        w += 1
                    }
                    let line = outBase + y * width * 4
                    for x in 0..<width { storeStraight(sum[x], to: line + x * 4) }
                }
            }
            }
            initialized = width * height * 4
        }
    }

    /// RGBA8 at `pixel` as premultiplied floats: (r·a/255, g·a/255, b·a/255, a), all in 0…255.
    @inline(__always)
    static func premultiplied(_ pixel: UnsafePointer<UInt8>) -> SIMD4<Float> {
        let alpha = Float(pixel[3])
        let colour = SIMD4<Float>(Float(pixel[0]), Float(pixel[1]), Float(pixel[2]), 255)
        return colour * (alpha * (1 / 255))
    }

    /// Writes a premultiplied float pixel as straight-alpha RGBA8, rounded and clamped.
    @inline(__always)
    static func storeStraight(_ value: SIMD4<Float>, to pixel: UnsafeMutablePointer<UInt8>) {
        let alpha = value[3]
        guard alpha >= 0.5 else {
            UnsafeMutableRawPointer(pixel).storeBytes(of: 0, as: UInt32.self)
            return
        }
        let scale = 255 / alpha
        pixel[0] = clampedByte(value[0] * scale)
        pixel[1] = clampedByte(value[1] * scale)
        pixel[2] = clampedByte(value[2] * scale)
        pixel[3] = clampedByte(alpha)
    }

    /// `value` rounded to the nearest byte, clamped to 0…255.
    @inline(__always)
    static func clampedByte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

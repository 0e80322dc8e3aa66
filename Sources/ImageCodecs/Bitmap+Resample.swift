import Dispatch
import Vocabulary

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
        return Bitmap(uncheckedWidth: outWidth, height: outHeight, bytes: resampledBytes(source: source, xAxis: xAxis, yAxis: yAxis))
    }

    /// The output rows, one after another: each combines the horizontally resampled source rows
    /// it reads, which are kept in a ring just large enough for one output row's (a window of a
    /// few rows, not a whole resampled copy of the source at 16 bytes a pixel, all of it fresh
    /// pages to fault in). A large picture's
    /// rows are made in two halves at once, each with its own window (the rows where they meet
    /// are resampled twice; the bytes are the same as in one pass).
    private func resampledBytes(source: PixelRect, xAxis: ResampleAxis, yAxis: ResampleAxis) -> [UInt8] {
        let width = xAxis.counts.count, height = yAxis.counts.count
        let halves = width * height >= Self.parallelResampleMinimumPixels && height >= 2 ? 2 : 1
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            guard let outBase = out.baseAddress else { return }
            if halves == 1 {
                resampleRows(0..<height, source: source, xAxis: xAxis, yAxis: yAxis, into: outBase)
            } else {
                // The halves write disjoint rows of the output.
                nonisolated(unsafe) let output = outBase
                DispatchQueue.concurrentPerform(iterations: halves) { half in
                    let rows = half == 0 ? 0..<(height / 2) : (height / 2)..<height
                    resampleRows(rows, source: source, xAxis: xAxis, yAxis: yAxis, into: output)
                }
            }
            initialized = width * height * 4
        }
    }

    /// Pictures from this many output pixels up are resampled in two halves at once: below it
    /// the handoff costs more than the half saves.
    static let parallelResampleMinimumPixels = 64 * 1024

    /// Output rows `rows` into `out` (the whole output's bytes), through a window of their own.
    private func resampleRows(
        _ rows: Range<Int>, source: PixelRect, xAxis: ResampleAxis, yAxis: ResampleAxis, into outBase: UnsafeMutablePointer<UInt8>
    ) {
        let width = xAxis.counts.count
        let ringSize = max(1, yAxis.counts.max() ?? 1)
        var ring = [SIMD4<Float>](repeating: .zero, count: ringSize * width)
        var ringRows = [Int](repeating: -1, count: ringSize)
        var accumulator = [SIMD4<Float>](repeating: .zero, count: width)
        ring.withUnsafeMutableBufferPointer { ring in
        accumulator.withUnsafeMutableBufferPointer { sum in
            guard let ringBase = ring.baseAddress else { return }
            for y in rows {
                for x in 0..<width { sum[x] = .zero }
                var w = yAxis.offsets[y]
                for k in 0..<yAxis.counts[y] {
                    let sourceRow = yAxis.starts[y] + k
                    let slot = sourceRow % ringSize
                    let row = ringBase + slot * width
                    if ringRows[slot] != sourceRow {
                        horizontalRow(source.y + sourceRow, from: source.x, axis: xAxis, into: row)
                        ringRows[slot] = sourceRow
                    }
                    let weight = yAxis.weights[w]
                    for x in 0..<width { sum[x] += row[x] * weight }
                    w += 1
                }
                let line = outBase + y * width * 4
                for x in 0..<width { Self.storeStraight(sum[x], to: line + x * 4) }
            }
        }
        }
    }

    /// Source row `y`, from column `x0`, resampled along `axis` into premultiplied pixels at `out`.
    private func horizontalRow(_ y: Int, from x0: Int, axis: ResampleAxis, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        withBytes { input in
            guard let inBase = input.baseAddress else { return }
            axis.starts.withUnsafeBufferPointer { starts in
            axis.offsets.withUnsafeBufferPointer { offsets in
            axis.counts.withUnsafeBufferPointer { counts in
            axis.weights.withUnsafeBufferPointer { weights in
                let row = inBase + y * bytesPerRow + x0 * 4
                for x in 0..<counts.count {
                    var sum = SIMD4<Float>.zero
                    var pixel = row + starts[x] * 4
                    var w = offsets[x]
                    for _ in 0..<counts[x] {
                        sum += Self.premultiplied(pixel) * weights[w]
                        pixel += 4
                        w += 1
                    }
                    (out + x).pointee = sum
                }
            }
            }
            }
            }
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

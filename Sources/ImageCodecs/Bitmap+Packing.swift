extension Bitmap {
    /// The pixels as packed samples, row after row with no padding: RGBA, or RGB with the alpha
    /// left out (`alpha: false`) — what a PNG encoder or a terminal's graphics protocol takes.
    public func packedSamples(alpha: Bool) -> [UInt8] {
        let channels = alpha ? 4 : 3
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        samples.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                var target = 0
                for y in 0..<height {
                    var source = y * bytesPerRow
                    for _ in 0..<width {
                        output[target] = input[source]
                        output[target + 1] = input[source + 1]
                        output[target + 2] = input[source + 2]
                        if alpha { output[target + 3] = input[source + 3] }
                        target += channels
                        source += 4
                    }
                }
            }
        }
        return samples
    }
}

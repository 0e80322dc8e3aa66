import CImageShim

/// Encodes animation frames as a lossy animated WebP through libwebpmux (what the embedded
/// server sends for an animation asked for at a size smaller than its canvas).
///
/// ```swift
/// let decoder = try AnimationDecoder(gif, frameSize: PixelSize(width: 72, height: 48))
/// let frames = try (0..<decoder.frameCount).map { _ in try decoder.nextFrame() }
/// let webp = try AnimatedWebPEncoder.encode(frames, loopCount: nil, quality: 85)
/// ```
public enum AnimatedWebPEncoder {
    /// The most frames one animation may have (as ``AnimationDecoder`` plays).
    public static let maxFrames = 10_000

    /// WebP bytes at `quality` (0–100, clamped) of `frames`, each shown for its duration (at
    /// least 1 ms); `loopCount` nil loops forever.
    ///
    /// Throws `.invalidArgument` for no frames, more than ``maxFrames``, frames of different
    /// sizes, or a side outside 1…16,383 pixels.
    public static func encode(_ frames: [AnimationFrame], loopCount: Int?, quality: Int = 80) throws -> [UInt8] {
        guard let first = frames.first, frames.count <= maxFrames else {
            throw ImageCodecError.invalidArgument("an animated WebP needs 1…\(maxFrames) frames, not \(frames.count)")
        }
        let size = first.bitmap.size
        guard !size.isEmpty, size.width <= 16_383, size.height <= 16_383 else {
            throw ImageCodecError.invalidArgument("an animated WebP must be 1…16383 pixels on each side, not \(size)")
        }
        guard frames.allSatisfy({ $0.bitmap.size == size }) else {
            throw ImageCodecError.invalidArgument("the frames of an animated WebP must all be \(size)")
        }
        var pixels = [UInt8]()
        pixels.reserveCapacity(frames.count * size.height * size.width * 4)
        for frame in frames {
            let bitmap = frame.bitmap
            for row in 0..<size.height {
                let start = row * bitmap.bytesPerRow
                pixels.append(contentsOf: bitmap.bytes[start..<start + size.width * 4])
            }
        }
        let durations = frames.map { Int32(clamping: max(1, Int(($0.duration / .milliseconds(1)).rounded()))) }
        let loops = Int32(clamping: max(0, loopCount ?? 0))
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        try ShimCall.run("animated WebP encode") { message, capacity in
            pixels.withUnsafeBufferPointer { rows in
                durations.withUnsafeBufferPointer { milliseconds in
                    pf_webp_anim_encode(
                        rows.baseAddress, size.width * 4, Int32(size.width), Int32(size.height), Int32(frames.count),
                        milliseconds.baseAddress, loops, Float(min(max(quality, 0), 100)), &buffer, message, capacity)
                }
            }
        }
        guard let data = buffer.data else {
            throw ImageCodecError.encoder("animated WebP encode: libwebpmux produced no bytes")
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}

import CImageShim

/// Encodes bitmaps as lossy WebP through libwebp (what the embedded server sends for
/// `/id/{id}/{w}/{h}.webp`, as picsum does).
///
/// ```swift
/// let webp = try WebPEncoder.encode(thumbnail, quality: 80)
/// ```
public enum WebPEncoder {
    /// WebP bytes at `quality` (0–100, clamped), alpha kept.
    ///
    /// Throws `.invalidArgument` for an empty bitmap or one wider or taller than 16,383 pixels.
    public static func encode(_ bitmap: Bitmap, quality: Int = 80) throws -> [UInt8] {
        let size = bitmap.size
        guard !size.isEmpty, size.width <= 16_383, size.height <= 16_383 else {
            throw ImageCodecError.invalidArgument("a WebP must be 1…16383 pixels on each side, not \(size)")
        }
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        let pixels = bitmap.bytes
        try ShimCall.run("WebP encode") { message, capacity in
            pixels.withUnsafeBufferPointer { pointer in
                pf_webp_encode(
                    pointer.baseAddress, bitmap.bytesPerRow, Int32(size.width), Int32(size.height),
                    Float(min(max(quality, 0), 100)), &buffer, message, capacity)
            }
        }
        guard let data = buffer.data else { throw ImageCodecError.encoder("WebP encode: libwebp produced no bytes") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}

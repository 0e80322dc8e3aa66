import CImageShim
public import Vocabulary

/// Encodes bitmaps as JPEG through libjpeg-turbo (alpha is dropped).
///
/// ```swift
/// let jpeg = try JPEGEncoder.encode(thumbnail, quality: 80, progressive: true)
/// ```
public enum JPEGEncoder {
    /// JPEG bytes at `quality` (1–100, clamped), baseline or progressive.
    ///
    /// Throws `.invalidArgument` for an empty bitmap or one wider or taller than 65,500 pixels.
    public static func encode(_ bitmap: Bitmap, quality: Int = 85, progressive: Bool = false) throws -> [UInt8] {
        try bitmap.withBytes { pixels throws(ImageCodecError) in
            try encode(
                pixels, stride: bitmap.bytesPerRow, size: bitmap.size,
                input: PF_JPEG_INPUT_RGBA, output: PF_JPEG_OUTPUT_DEFAULT,
                quality: quality, progressive: progressive)
        }
    }

    /// A one-component (grayscale) JPEG of the bitmap's luma.
    public static func encodeGrayscale(_ bitmap: Bitmap, quality: Int = 85, progressive: Bool = false) throws -> [UInt8] {
        try bitmap.withBytes { pixels throws(ImageCodecError) in
            try encode(
                pixels, stride: bitmap.bytesPerRow, size: bitmap.size,
                input: PF_JPEG_INPUT_RGBA, output: PF_JPEG_OUTPUT_GRAY,
                quality: quality, progressive: progressive)
        }
    }

    /// Encodes 4-byte-per-pixel data through the shim.
    static func encode(
        _ pixels: UnsafeBufferPointer<UInt8>, stride: Int, size: PixelSize,
        input: pf_jpeg_input, output: pf_jpeg_output, quality: Int, progressive: Bool
    ) throws(ImageCodecError) -> [UInt8] {
        guard !size.isEmpty, size.width <= 65_500, size.height <= 65_500 else {
            throw .invalidArgument("a JPEG must be 1…65500 pixels on each side, not \(size)")
        }
        guard stride >= size.width * 4, pixels.count >= stride * size.height else {
            throw .invalidArgument("\(pixels.count) bytes cannot hold \(size) at a stride of \(stride)")
        }
        var buffer = pf_buffer()
        defer { pf_buffer_free(&buffer) }
        try ShimCall.run("JPEG encode") { message, capacity in
            pf_jpeg_encode(
                pixels.baseAddress, stride, Int32(size.width), Int32(size.height),
                Int32(input.rawValue), Int32(output.rawValue),
                Int32(clamping: min(max(quality, 1), 100)), progressive ? 1 : 0,
                &buffer, message, capacity)
        }
        guard let data = buffer.data else { throw .encoder("JPEG encode: libjpeg produced no bytes") }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}

@_spi(Testing)
extension JPEGEncoder {
    /// Encodes CMYK pixels (4 bytes each, Adobe convention: stored inverted, 255 = no ink)
    /// as a CMYK or YCCK JPEG with an Adobe marker. For tests of the CMYK decode path.
    public static func encodeCMYK(
        _ cmyk: [UInt8], size: PixelSize, ycck: Bool = false, quality: Int = 90
    ) throws -> [UInt8] {
        try cmyk.withUnsafeBufferPointer { pixels throws(ImageCodecError) in
            try encode(
                pixels, stride: size.width * 4, size: size,
                input: PF_JPEG_INPUT_CMYK, output: ycck ? PF_JPEG_OUTPUT_YCCK : PF_JPEG_OUTPUT_DEFAULT,
                quality: quality, progressive: false)
        }
    }
}

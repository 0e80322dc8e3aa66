import CImageShim
import Vocabulary

/// PNG header probe and decode through the C shim (libpng).
enum PNGDecoding {
    /// Format and stored size from IHDR, without decoding pixels.
    static func probe(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        var info = pf_png_info()
        try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
            try ShimCall.run("PNG header") { message, capacity in
                pf_png_probe(input.baseAddress, input.count, &info, message, capacity)
            }
        }
        return ImageHeader(
            format: .png, storedSize: PixelSize(width: Int(info.width), height: Int(info.height)),
            frameCount: APNGAnimation.frameCount(of: bytes) ?? 1)
    }

    /// Decodes every colour type, depth and interlace to RGBA8, area-averaged by `reduce`
    /// (rows stream into the average; the full-size image is never held when `reduce` > 1).
    static func decode(_ bytes: [UInt8], size: PixelSize, reduce: Int = 1) throws(ImageCodecError) -> Bitmap {
        let output = DecodePlan.reducedSize(size, by: reduce)
        return try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("PNG decode") { message, capacity in
                    pf_png_decode_reduced(
                        input.baseAddress, input.count, Int32(reduce), pixels, stride,
                        Int32(output.width), Int32(output.height), message, capacity)
                }
            }
        }
    }
    /// Decodes like `decode`, keeping the rows before damage in a non-interlaced file
    /// (`pf_png_decode_tolerant`): the rest is grey and the damage says how many rows were read.
    static func decodeTolerant(
        _ bytes: [UInt8], size: PixelSize, reduce: Int = 1
    ) throws(ImageCodecError) -> (bitmap: Bitmap, damage: ImageDamage?) {
        let output = DecodePlan.reducedSize(size, by: reduce)
        var reported = pf_damage()
        var reason = ""
        let bitmap = try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                reason = try ShimCall.runTolerant("PNG decode") { message, capacity in
                    pf_png_decode_tolerant(
                        input.baseAddress, input.count, Int32(reduce), pixels, stride,
                        Int32(output.width), Int32(output.height), &reported, message, capacity)
                }
            }
        }
        return (bitmap, ShimCall.damage(reported, rows: output.height, reason: reason, context: "PNG decode"))
    }
}

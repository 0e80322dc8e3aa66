import CImageShim
import Vocabulary

/// WebP, GIF, AVIF, HEIF, JPEG XL and TIFF through the C shim over Debian's libraries.
///
/// One probe and one decode for all of them (`pf_image_probe`, `pf_image_decode`): the shim
/// keeps each library's errors as values, converts colour to sRGB, and area-averages by the
/// plan's reduction (WebP decodes straight at the reduced size). The orientation the probe
/// reports is what is left for the caller: EXIF for WebP and TIFF, irot/imir for AVIF; libheif
/// and libjxl turn their images themselves, so theirs is `.up`.
enum LibraryDecoding {
    /// What a probe says beyond the public header.
    struct Details: Sendable, Hashable {
        var header: ImageHeader
        /// A thumbnail stored in the file (HEIF), in the image's decoded orientation.
        var thumbnailSize: PixelSize?
        /// Bits per sample as stored (8, 10, 12, 16).
        var bitDepth: Int
    }

    static func shimFormat(_ format: ImageFormat) -> Int32? {
        switch format {
        case .webp: Int32(PF_FORMAT_WEBP.rawValue)
        case .gif: Int32(PF_FORMAT_GIF.rawValue)
        case .avif: Int32(PF_FORMAT_AVIF.rawValue)
        case .heif: Int32(PF_FORMAT_HEIF.rawValue)
        case .jxl: Int32(PF_FORMAT_JXL.rawValue)
        case .tiff: Int32(PF_FORMAT_TIFF.rawValue)
        default: nil
        }
    }

    /// Header, orientation, frame count and stored thumbnail, without decoding pixels.
    static func probe(_ bytes: [UInt8], format: ImageFormat) throws(ImageCodecError) -> Details {
        guard let code = shimFormat(format) else { throw .unsupportedFormat(format.description) }
        var info = pf_image_info()
        try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
            try ShimCall.run("\(format) header") { message, capacity in
                pf_image_probe(code, input.baseAddress, input.count, &info, message, capacity)
            }
        }
        let header = ImageHeader(
            format: format,
            storedSize: PixelSize(width: Int(info.width), height: Int(info.height)),
            orientation: ExifOrientation(rawValue: Int(info.orientation)) ?? .up,
            frameCount: max(1, Int(info.frame_count)))
        let thumbnail = PixelSize(width: Int(info.thumbnail_width), height: Int(info.thumbnail_height))
        return Details(header: header, thumbnailSize: thumbnail.isEmpty ? nil : thumbnail, bitDepth: Int(info.bit_depth))
    }

    /// Decodes the first frame (stored orientation) at `size` area-averaged by `reduce`; from the
    /// file's stored thumbnail instead when `thumbnail` (then `size` is the thumbnail's).
    static func decode(
        _ bytes: [UInt8], format: ImageFormat, size: PixelSize, reduce: Int = 1, thumbnail: Bool = false
    ) throws(ImageCodecError) -> Bitmap {
        guard let code = shimFormat(format) else { throw .unsupportedFormat(format.description) }
        let output = DecodePlan.reducedSize(size, by: reduce)
        return try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("\(format) decode") { message, capacity in
                    pf_image_decode(
                        code, input.baseAddress, input.count, Int32(reduce), thumbnail ? 1 : 0,
                        pixels, stride, Int32(output.width), Int32(output.height), message, capacity)
                }
            }
        }
    }

    /// Decodes like `decode`, going on past damage where the format allows
    /// (`pf_image_decode_tolerant`: a GIF keeps the rows of its first frame drawn before its data
    /// ends or breaks, a TIFF the strips or tiles that decode, a still WebP the rows its
    /// incremental decoder output); the damage says how much came from the file.
    static func decodeTolerant(
        _ bytes: [UInt8], format: ImageFormat, size: PixelSize, reduce: Int = 1
    ) throws(ImageCodecError) -> (bitmap: Bitmap, damage: ImageDamage?) {
        guard let code = shimFormat(format) else { throw .unsupportedFormat(format.description) }
        let output = DecodePlan.reducedSize(size, by: reduce)
        var reported = pf_damage()
        var reason = ""
        let bitmap = try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                reason = try ShimCall.runTolerant("\(format) decode") { message, capacity in
                    pf_image_decode_tolerant(
                        code, input.baseAddress, input.count, Int32(reduce),
                        pixels, stride, Int32(output.width), Int32(output.height), &reported, message, capacity)
                }
            }
        }
        return (bitmap, ShimCall.damage(reported, rows: output.height, reason: reason, context: "\(format) decode"))
    }
}

import CImageShim
import Vocabulary

/// JPEG header probe and decode through the C shim (libjpeg-turbo).
enum JPEGDecoding {
    /// The largest APP1 payload a JPEG marker can carry.
    private static let maxExifBytes = 65_536

    /// Format, stored size and EXIF orientation, without decoding pixels.
    static func probe(_ bytes: [UInt8]) throws(ImageCodecError) -> ImageHeader {
        try probeWithExif(bytes).header
    }

    /// The header, and the Exif APP1 payload (TIFF data, at most 64 KiB; empty when none).
    static func probeWithExif(_ bytes: [UInt8]) throws(ImageCodecError) -> (header: ImageHeader, exif: [UInt8]) {
        let probed = try probeDetails(bytes)
        return (probed.header, probed.exif)
    }

    /// The header, the Exif payload, and whether the frame is progressive (SOF2).
    static func probeDetails(_ bytes: [UInt8]) throws(ImageCodecError)
        -> (header: ImageHeader, exif: [UInt8], progressive: Bool)
    {
        var info = pf_jpeg_info()
        var failure: ImageCodecError?
        let exif = [UInt8](unsafeUninitializedCapacity: maxExifBytes) { exifBuffer, initialized in
            initialized = 0
            do throws(ImageCodecError) {
                try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                    try ShimCall.run("JPEG header") { message, capacity in
                        pf_jpeg_probe(
                            input.baseAddress, input.count, &info,
                            exifBuffer.baseAddress, exifBuffer.count, message, capacity)
                    }
                }
                initialized = min(info.exif_length, exifBuffer.count)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let orientation = ExifReader(tiff: exif)?.orientation ?? .up
        let header = ImageHeader(
            format: .jpeg,
            storedSize: PixelSize(width: Int(info.width), height: Int(info.height)),
            orientation: orientation)
        return (header, exif, info.progressive != 0)
    }

    /// The smallest decode (largest denominator of 1, 2, 4, 8) whose output still covers `target`.
    ///
    /// libjpeg's scaled size is `ceil(side / denominator)`; an empty target means full size.
    static func scaleDenominator(for stored: PixelSize, covering target: PixelSize) -> Int {
        guard !target.isEmpty else { return 1 }
        for denominator in [8, 4, 2] {
            let scaled = scaledSize(stored, denominator: denominator)
            if scaled.width >= target.width && scaled.height >= target.height {
                return denominator
            }
        }
        return 1
    }

    /// The size libjpeg produces at 1/`denominator`.
    static func scaledSize(_ stored: PixelSize, denominator: Int) -> PixelSize {
        PixelSize(
            width: (stored.width + denominator - 1) / denominator,
            height: (stored.height + denominator - 1) / denominator)
    }

    /// Decodes at 1/`scaleDenominator`, then area-averaged by `reduce`, into a new bitmap
    /// (stored orientation); libjpeg may allocate at most `maxMemory` bytes.
    static func decode(
        _ bytes: [UInt8], size stored: PixelSize, scaleDenominator: Int, reduce: Int = 1,
        maxMemory: Int = DecodingOptions.defaultMaxDecoderMemory
    ) throws(ImageCodecError) -> Bitmap {
        let output = DecodePlan.reducedSize(scaledSize(stored, denominator: scaleDenominator), by: reduce)
        return try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("JPEG decode") { message, capacity in
                    pf_jpeg_decode_reduced(
                        input.baseAddress, input.count, Int32(scaleDenominator), Int32(reduce), max(1, maxMemory),
                        pixels, stride, Int32(output.width), Int32(output.height),
                        message, capacity)
                }
            }
        }
    }

    /// Decodes like `decode`, going on past damage (`pf_jpeg_decode_tolerant`): a file cut
    /// short or corrupt gives its rows as far as they decode, and the damage says how far.
    static func decodeTolerant(
        _ bytes: [UInt8], size stored: PixelSize, scaleDenominator: Int, reduce: Int = 1,
        maxMemory: Int = DecodingOptions.defaultMaxDecoderMemory
    ) throws(ImageCodecError) -> (bitmap: Bitmap, damage: ImageDamage?) {
        let output = DecodePlan.reducedSize(scaledSize(stored, denominator: scaleDenominator), by: reduce)
        var reported = pf_damage()
        var reason = ""
        let bitmap = try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                reason = try ShimCall.runTolerant("JPEG decode") { message, capacity in
                    pf_jpeg_decode_tolerant(
                        input.baseAddress, input.count, Int32(scaleDenominator), Int32(reduce), max(1, maxMemory),
                        pixels, stride, Int32(output.width), Int32(output.height), &reported,
                        message, capacity)
                }
            }
        }
        return (bitmap, ShimCall.damage(reported, rows: output.height, reason: reason, context: "JPEG decode"))
    }

    /// Decodes `region` of the JPEG scaled to 1/`scaleDenominator` (in scaled pixels, inside
    /// the scaled image; stored orientation): only that part's rows and iMCU columns are decoded.
    static func decodeRegion(
        _ bytes: [UInt8], region: PixelRect, scaleDenominator: Int,
        maxMemory: Int = DecodingOptions.defaultMaxDecoderMemory
    ) throws(ImageCodecError) -> Bitmap {
        try ImageDecoder.allocatePixels(region.size) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("JPEG decode") { message, capacity in
                    pf_jpeg_decode_region(
                        input.baseAddress, input.count, Int32(scaleDenominator), Int32(region.x), Int32(region.y),
                        max(1, maxMemory), pixels, stride, Int32(region.width), Int32(region.height),
                        message, capacity)
                }
            }
        }
    }

    /// Decodes a whole progressive JPEG at 1/8 from its DC scans only, then area-averaged by
    /// `reduce` (see `pf_jpeg_decode_dc`); nil when the data holds no complete scan.
    static func decodeDC(
        _ bytes: [UInt8], size stored: PixelSize, reduce: Int = 1,
        maxMemory: Int = DecodingOptions.defaultMaxDecoderMemory
    ) throws(ImageCodecError) -> Bitmap? {
        let output = DecodePlan.reducedSize(scaledSize(stored, denominator: 8), by: reduce)
        var scan: Int32 = 0
        let bitmap = try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("JPEG decode") { message, capacity in
                    pf_jpeg_decode_dc(
                        input.baseAddress, input.count, Int32(reduce), max(1, maxMemory),
                        pixels, stride, Int32(output.width), Int32(output.height), &scan,
                        message, capacity)
                }
            }
        }
        return scan > 0 ? bitmap : nil
    }

    /// Decodes the complete scans of a progressive JPEG's first bytes, like `decode` (same
    /// scale, reduction and memory cap); nil when no scan is complete yet. Throws for corrupt
    /// data and limits, and for a baseline JPEG (callers check `probeDetails` first).
    static func decodePrefix(
        _ bytes: [UInt8], size stored: PixelSize, scaleDenominator: Int, reduce: Int = 1,
        maxMemory: Int = DecodingOptions.defaultMaxDecoderMemory
    ) throws(ImageCodecError) -> (bitmap: Bitmap, scan: Int, isCoarse: Bool)? {
        let output = DecodePlan.reducedSize(scaledSize(stored, denominator: scaleDenominator), by: reduce)
        var scan: Int32 = 0
        var coarse: Int32 = 1
        let bitmap = try ImageDecoder.allocatePixels(output) { (pixels, stride) throws(ImageCodecError) in
            try bytes.withUnsafeBufferPointer { (input) throws(ImageCodecError) in
                try ShimCall.run("JPEG preview") { message, capacity in
                    pf_jpeg_decode_prefix(
                        input.baseAddress, input.count, Int32(scaleDenominator), Int32(reduce), max(1, maxMemory),
                        pixels, stride, Int32(output.width), Int32(output.height), &scan, &coarse,
                        message, capacity)
                }
            }
        }
        return scan > 0 ? (bitmap, Int(scan), coarse != 0) : nil
    }
}

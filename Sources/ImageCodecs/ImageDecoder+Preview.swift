import Vocabulary

/// A progressive JPEG's image as of one of its scans, decoded from the bytes received so far.
public struct ProgressivePreview: Sendable, Hashable {
    /// The image as of `scan`, decoded like the full image (same scale, orientation).
    public var image: DecodedImage
    /// The last complete scan shown (1-based; libjpeg's own script has about ten).
    public var scan: Int
    /// True while only the first (DC) scans are in: each 8×8 block is its average colour, so
    /// the preview is no sharper than an image an eighth of its size (a thumbnail already
    /// shown may be better).
    public var isCoarse: Bool

    public init(image: DecodedImage, scan: Int, isCoarse: Bool = false) {
        self.image = image
        self.scan = scan
        self.isCoarse = isCoarse
    }
}

extension ImageDecoder {
    /// The image of a progressive JPEG as of the last scan `prefix` holds completely, decoded
    /// toward `options.targetSize` exactly as `decode` would decode the whole file.
    ///
    /// Nil when there is nothing to preview: not a JPEG (PNG, anything else), a baseline JPEG
    /// (its rows arrive top to bottom, a placeholder says as much), a prefix that ends inside
    /// the header or the first scan. Throws for corrupt data and over-limit images, like
    /// `decode`; running out of bytes is never an error. Each call decodes from the first byte
    /// (see `pf_jpeg_decode_prefix`): call it at most a few times a second per download.
    ///
    /// ```swift
    /// if let preview = try ImageDecoder.decodePreview(received, options: .init(targetSize: box)) {
    ///     show(preview.image.bitmap)   // sharper with every scan
    /// }
    /// ```
    public static func decodePreview(
        _ prefix: [UInt8], options: DecodingOptions = DecodingOptions()
    ) throws -> ProgressivePreview? {
        guard ImageFormat.sniff(prefix) == .jpeg else { return nil }
        guard let probed = try probeHeader(prefix), probed.progressive else { return nil }
        let header = probed.header
        let stored = header.storedSize
        guard stored.pixelCount <= options.maxPixels else {
            throw ImageCodecError.tooManyPixels(width: stored.width, height: stored.height, limit: options.maxPixels)
        }
        guard max(stored.width, stored.height) <= options.maxSide else {
            throw ImageCodecError.limitExceeded("\(stored) has a side over the limit of \(options.maxSide) pixels")
        }
        var storedTarget: PixelSize?
        if options.allowsDCTScaling, let target = options.targetSize, !target.isEmpty {
            storedTarget = options.appliesOrientation && header.orientation.swapsAxes ? target.transposed : target
        }
        let plan = DecodePlan(format: .jpeg, stored: stored, target: storedTarget, threshold: options.reductionThreshold)
        // The cap the bytes so far earn: a small prefix claiming a huge frame is refused early.
        guard
            let decoded = try JPEGDecoding.decodePrefix(
                prefix, size: stored, scaleDenominator: plan.dctScale, reduce: plan.reduction,
                maxMemory: options.decoderMemoryCap(inputBytes: prefix.count))
        else { return nil }
        var bitmap = decoded.bitmap
        if options.appliesOrientation { bitmap = bitmap.oriented(header.orientation) }
        return ProgressivePreview(
            image: DecodedImage(bitmap: bitmap, header: header, scaleDenominator: plan.scaleDenominator),
            scan: decoded.scan, isCoarse: decoded.isCoarse)
    }

    /// The header of a JPEG prefix; nil while the prefix ends inside it.
    private static func probeHeader(_ prefix: [UInt8]) throws(ImageCodecError)
        -> (header: ImageHeader, exif: [UInt8], progressive: Bool)?
    {
        let result = Result { () throws(ImageCodecError) in try JPEGDecoding.probeDetails(prefix) }
        switch result {
        case .success(let probed): return probed
        case .failure(let error) where error.kind == .truncated: return nil
        case .failure(let error): throw error
        }
    }
}

public import Vocabulary

/// How to decode: a target size for reduced decoding, limits, orientation.
public struct DecodingOptions: Sendable, Hashable {
    /// Decode no larger than needed to cover this size: JPEG scales by 1/2, 1/4, 1/8 in the DCT
    /// domain, and an image still over `reductionThreshold` pixels is area-averaged by an integer
    /// factor while its rows stream in. Nil: full size.
    public var targetSize: PixelSize?
    /// Refuse images whose header claims more pixels than this, before allocating.
    public var maxPixels: Int
    /// Refuse images with a side longer than this, before decoding: each row costs time whatever
    /// its width, so a 1×50,000,000 PNG would take seconds to draw a thumbnail.
    public var maxSide: Int
    /// A reduced decode holds the (DCT-scaled) image whole up to this many pixels; above it, rows
    /// are area-averaged as they arrive, so memory is the output plus a row.
    public var reductionThreshold: Int
    /// The memory libjpeg may allocate for one decode, at least: the cap is this or
    /// `decoderMemoryPerInputByte` times the file's size, whichever is larger. Progressive JPEGs
    /// keep every coefficient (about 3 bytes a pixel for 4:2:0 colour), so a tiny file claiming a
    /// huge frame is refused before its buffers exist, while a real photo's data pays its way.
    public var maxDecoderMemory: Int
    /// Rotate/flip by the EXIF orientation so pixels come out upright.
    public var appliesOrientation: Bool
    /// Allow decoding below full size toward `targetSize` (off for benchmarks).
    public var allowsDCTScaling: Bool
    /// Decode a JPEG's EXIF thumbnail (IFD1) instead of the image when it covers `targetSize`
    /// and has the image's aspect; its pixels are coarser than a reduced decode's, so this is
    /// for thumbnails (the pipeline and `show` turn it on). A thumbnail that is missing, too
    /// small, of another aspect or undecodable is ignored and the image is decoded as usual.
    public var allowsEmbeddedThumbnail: Bool
    /// Decode a progressive JPEG needed at 1/8 from its DC scans only (`pf_jpeg_decode_dc`):
    /// a few times faster on large photos, each pixel within a level or two of the full
    /// decode's (the DC's last refinement bits are skipped), so this is for thumbnails too.
    public var allowsDCOnlyDecoding: Bool
    /// Decode only this part of the upright, full-size image (a zoomed view): `targetSize` is
    /// then the size wanted for the part. A JPEG decodes only the part's rows and iMCU columns
    /// at the DCT scale that covers the target; other formats decode whole (reduced toward the
    /// whole image's share of the target) and are cropped. Clamped to the image; nil: all of it.
    public var region: PixelRect?
    /// Draw a damaged file as far as it decodes instead of refusing it (JPEG, PNG, GIF's first
    /// frame, TIFF's strips or tiles, a still WebP; AVIF, HEIF, JPEG XL and animated WebP are whole
    /// or refused): the result's ``DecodedImage/damage`` says how much and why, the rest is grey.
    /// A file whose header cannot be read, or that breaks before its first row, is still refused,
    /// and every limit holds. Off by default: a caller that keeps or caches what it decodes must
    /// tell a partial picture from a whole one (`show` turns it on and says so).
    public var allowsPartialDecoding: Bool
    /// A camera RAW file's embedded preview (the default) or its sensor data developed
    /// (``RawRendering``); other formats ignore it.
    public var rawRendering: RawRendering = .preview

    /// 50 megapixels.
    public static let defaultMaxPixels = 50_000_000
    /// One million pixels a side (libpng's own default limit).
    public static let defaultMaxSide = 1_000_000
    /// One megapixel (4 MB of RGBA).
    public static let defaultReductionThreshold = 1 << 20
    /// 64 MB.
    public static let defaultMaxDecoderMemory = 64 << 20
    /// Coefficient memory a real photo's compressed byte can stand for (photos compress 10–50×).
    public static let decoderMemoryPerInputByte = 64

    public init(
        targetSize: PixelSize? = nil,
        maxPixels: Int = DecodingOptions.defaultMaxPixels,
        appliesOrientation: Bool = true,
        allowsDCTScaling: Bool = true,
        allowsEmbeddedThumbnail: Bool = false,
        allowsDCOnlyDecoding: Bool = false,
        allowsPartialDecoding: Bool = false
    ) {
        self.allowsPartialDecoding = allowsPartialDecoding
        self.allowsEmbeddedThumbnail = allowsEmbeddedThumbnail
        self.allowsDCOnlyDecoding = allowsDCOnlyDecoding
        self.targetSize = targetSize
        self.maxPixels = maxPixels
        self.maxSide = DecodingOptions.defaultMaxSide
        self.reductionThreshold = DecodingOptions.defaultReductionThreshold
        self.maxDecoderMemory = DecodingOptions.defaultMaxDecoderMemory
        self.appliesOrientation = appliesOrientation
        self.allowsDCTScaling = allowsDCTScaling
    }
}

extension DecodingOptions {
    /// The memory cap handed to libjpeg for a file of `inputBytes`.
    func decoderMemoryCap(inputBytes: Int) -> Int {
        let earned = inputBytes.multipliedReportingOverflow(by: Self.decoderMemoryPerInputByte)
        return max(maxDecoderMemory, earned.overflow ? Int.max : earned.partialValue)
    }
}

/// A decoded image and how it was decoded.
public struct DecodedImage: Sendable, Hashable {
    /// Upright pixels (when orientation was applied).
    public var bitmap: Bitmap
    /// The header as read before decoding.
    public var header: ImageHeader
    /// The reduction used: the image was decoded at 1/scale (JPEG's DCT scale, 1, 2, 4 or 8,
    /// times any area-average factor applied while rows streamed in).
    public var scaleDenominator: Int
    /// What was missing when the file was damaged and decoded as far as it goes
    /// (``DecodingOptions/allowsPartialDecoding``); nil for a whole picture.
    public var damage: ImageDamage?

    public init(bitmap: Bitmap, header: ImageHeader, scaleDenominator: Int, damage: ImageDamage? = nil) {
        self.bitmap = bitmap
        self.header = header
        self.scaleDenominator = scaleDenominator
        self.damage = damage
    }
}

/// Decodes JPEG, PNG, WebP, GIF, AVIF, HEIF, JPEG XL, TIFF and BMP bytes into bitmaps (the first
/// frame of an animation). Thread-safe; every call is independent.
///
/// The format comes from the magic bytes. The pixel limit is checked against the header
/// before any pixel memory is allocated.
///
/// ```swift
/// let header = try ImageDecoder.probe(bytes)          // no pixels decoded
/// let image = try ImageDecoder.decode(bytes, options: .init(targetSize: .init(width: 64, height: 32)))
/// ```
public enum ImageDecoder {
    /// Reads format, size and orientation from the header only.
    ///
    /// A JPEG whose signature is damaged (FF D8, then not the FF of a marker) is read as a JPEG;
    /// ``decode(_:options:)`` refuses it unless ``DecodingOptions/allowsPartialDecoding``.
    /// Throws `.unsupportedFormat` for bytes of no format it reads,
    /// `.truncated` when the header itself is cut short, `.decoder` when it is corrupt.
    public static func probe(_ bytes: [UInt8]) throws -> ImageHeader {
        // A JPEG whose signature lost its third byte still has a header libjpeg reads: the decode
        // then draws it when damage is allowed, and refuses it otherwise.
        switch ImageFormat.sniff(bytes) == nil && hasDamagedJPEGSignature(bytes) ? .jpeg : try decodableFormat(of: bytes) {
        case .png: try PNGDecoding.probe(bytes)
        case .jpeg: try JPEGDecoding.probe(bytes)
        case .bmp: try BMPDecoding.probe(bytes)
        case .raw: try RawPreviewDecoding.probe(bytes, maxPixels: DecodingOptions.defaultMaxPixels)
        case let format: try LibraryDecoding.probe(bytes, format: format).header
        }
    }

    /// Decodes, checking the pixel and side limits from the header first.
    ///
    /// JPEGs decode at the smallest DCT scale (1/1, 1/2, 1/4, 1/8) that still covers
    /// `options.targetSize` (in upright orientation). An image still over
    /// `options.reductionThreshold` pixels after that (any large PNG) is area-averaged by the
    /// largest integer factor that still covers the target while its rows stream in, so the
    /// full-size image is never held. The result reports the scale used.
    public static func decode(_ bytes: [UInt8], options: DecodingOptions = DecodingOptions()) throws -> DecodedImage {
        let header: ImageHeader
        var exif: [UInt8] = []
        var progressive = false
        var library: LibraryDecoding.Details?
        // A JPEG whose signature lost its third byte is read on when damage is allowed (libjpeg
        // skips to the next marker, as browsers and chafa do) and said damaged.
        let damagedSignature = options.allowsPartialDecoding && ImageFormat.sniff(bytes) == nil && hasDamagedJPEGSignature(bytes)
        switch damagedSignature ? .jpeg : try decodableFormat(of: bytes) {
        case .png: header = try PNGDecoding.probe(bytes)
        case .bmp: header = try BMPDecoding.probe(bytes)
        case .jpeg: (header, exif, progressive) = try JPEGDecoding.probeDetails(bytes)
        case .raw: return try RawPreviewDecoding.decode(bytes, options: options)
        case let format:
            let details = try LibraryDecoding.probe(bytes, format: format)
            library = details
            header = details.header
        }
        let stored = header.storedSize
        guard stored.pixelCount <= options.maxPixels else {
            throw ImageCodecError.tooManyPixels(width: stored.width, height: stored.height, limit: options.maxPixels)
        }
        guard max(stored.width, stored.height) <= options.maxSide else {
            throw ImageCodecError.limitExceeded(
                "\(stored) has a side over the limit of \(options.maxSide) pixels")
        }
        var storedTarget: PixelSize?
        if options.allowsDCTScaling, let target = options.targetSize, !target.isEmpty {
            storedTarget = options.appliesOrientation && header.orientation.swapsAxes ? target.transposed : target
        }
        if options.allowsEmbeddedThumbnail, let storedTarget,
            let thumbnail = EmbeddedThumbnail.decode(exif: exif, header: header, storedTarget: storedTarget, options: options)
        {
            return thumbnail
        }
        if options.allowsEmbeddedThumbnail, let storedTarget, let thumbnailSize = library?.thumbnailSize,
            let thumbnail = storedThumbnail(bytes, header: header, size: thumbnailSize, storedTarget: storedTarget, options: options)
        {
            return thumbnail
        }
        if let region = options.region {
            return try decodeRegion(bytes, header: header, region: region, storedTarget: storedTarget, options: options)
        }
        let plan = DecodePlan(
            format: header.format, stored: stored, target: storedTarget, threshold: options.reductionThreshold)
        var bitmap: Bitmap
        var damage: ImageDamage?
        switch header.format {
        case .png where options.allowsPartialDecoding:
            (bitmap, damage) = try PNGDecoding.decodeTolerant(bytes, size: stored, reduce: plan.reduction)
        case .png:
            bitmap = try PNGDecoding.decode(bytes, size: stored, reduce: plan.reduction)
        case .bmp:
            bitmap = try BMPDecoding.decode(bytes, reduce: plan.reduction)
        case .jpeg:
            let maxMemory = options.decoderMemoryCap(inputBytes: bytes.count)
            // A progressive JPEG at 1/8 needs only its DC scans (the first tenth of a typical file).
            if progressive, plan.dctScale == 8, options.allowsDCOnlyDecoding,
                let dc = try JPEGDecoding.decodeDC(bytes, size: stored, reduce: plan.reduction, maxMemory: maxMemory)
            {
                bitmap = dc
            } else if options.allowsPartialDecoding {
                (bitmap, damage) = try JPEGDecoding.decodeTolerant(
                    bytes, size: stored, scaleDenominator: plan.dctScale, reduce: plan.reduction, maxMemory: maxMemory)
            } else {
                bitmap = try JPEGDecoding.decode(
                    bytes, size: stored, scaleDenominator: plan.dctScale, reduce: plan.reduction, maxMemory: maxMemory)
            }
        case let format where options.allowsPartialDecoding:
            (bitmap, damage) = try LibraryDecoding.decodeTolerant(bytes, format: format, size: stored, reduce: plan.reduction)
        case let format:
            bitmap = try LibraryDecoding.decode(bytes, format: format, size: stored, reduce: plan.reduction)
        }
        if damagedSignature, damage == nil {
            damage = ImageDamage(
                decodedRows: bitmap.height, rows: bitmap.height, isTruncated: false,
                reason: "the JPEG signature is damaged (its third byte is not 0xFF)")
        }
        if options.appliesOrientation {
            bitmap = bitmap.oriented(header.orientation)
        }
        return DecodedImage(bitmap: bitmap, header: header, scaleDenominator: plan.scaleDenominator, damage: damage)
    }

    /// The size ``decode(_:options:)`` gives an image of `header` (upright when
    /// `options.appliesOrientation`), from the header alone: the DCT scale and area-average
    /// factor it would choose toward `options.targetSize`. An EXIF thumbnail it might take
    /// instead is not counted.
    ///
    /// ```swift
    /// ImageDecoder.decodedSize(for: header4000x3000JPEG, options: DecodingOptions(targetSize: PixelSize(width: 80, height: 60)))
    /// // 500×375: 1/8 is the smallest DCT scale that still covers 80×60
    /// ```
    public static func decodedSize(for header: ImageHeader, options: DecodingOptions) -> PixelSize {
        var storedTarget: PixelSize?
        if options.allowsDCTScaling, let target = options.targetSize, !target.isEmpty {
            storedTarget = options.appliesOrientation && header.orientation.swapsAxes ? target.transposed : target
        }
        let plan = DecodePlan(
            format: header.format, stored: header.storedSize, target: storedTarget, threshold: options.reductionThreshold)
        let scaled = header.format == .jpeg || header.format == .raw
            ? JPEGDecoding.scaledSize(header.storedSize, denominator: plan.dctScale) : header.storedSize
        let decoded = DecodePlan.reducedSize(scaled, by: plan.reduction)
        return options.appliesOrientation && header.orientation.swapsAxes ? decoded.transposed : decoded
    }

    /// FF D8 (a JPEG's start of image) followed by anything but the FF of a marker: a JPEG whose
    /// signature is damaged, which libjpeg still reads (it skips bytes up to the next marker).
    static func hasDamagedJPEGSignature(_ bytes: [UInt8]) -> Bool {
        bytes.count > 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] != 0xFF
    }

    /// A format ImageCodecs decodes, or the error that says why not.
    static func decodableFormat(of bytes: [UInt8]) throws(ImageCodecError) -> ImageFormat {
        guard !bytes.isEmpty else { throw .truncated("the image data is empty (0 bytes)") }
        guard let format = ImageFormat.sniff(bytes) else {
            let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
            let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            if jpegSignature.starts(with: bytes) || pngSignature.starts(with: bytes) {
                throw .truncated("only \(bytes.count) bytes, the data ends inside the signature")
            }
            throw .unsupportedFormat()
        }
        guard format.isDecodable else { throw .unsupportedFormat(format.description) }
        return format
    }

    /// The file's stored thumbnail (HEIF) decoded in place of the image, when it covers the
    /// target and has the image's aspect (as for a JPEG's EXIF thumbnail); nil otherwise, or when
    /// it fails to decode (the image is decoded instead).
    static func storedThumbnail(
        _ bytes: [UInt8], header: ImageHeader, size: PixelSize, storedTarget: PixelSize, options: DecodingOptions
    ) -> DecodedImage? {
        let stored = header.storedSize
        guard EmbeddedThumbnail.usable(size, for: stored, covering: storedTarget) else { return nil }
        let reduction = size.pixelCount > options.reductionThreshold
            ? DecodePlan.reductionFactor(for: size, covering: storedTarget) : 1
        guard
            var bitmap = try? LibraryDecoding.decode(
                bytes, format: header.format, size: size, reduce: reduction, thumbnail: true)
        else { return nil }
        if options.appliesOrientation { bitmap = bitmap.oriented(header.orientation) }
        return DecodedImage(bitmap: bitmap, header: header, scaleDenominator: max(1, stored.width / max(1, bitmap.width)))
    }

    /// Allocates `size` RGBA8 pixels (uninitialised) and lets `fill` write them through the shim.
    static func allocatePixels(
        _ size: PixelSize,
        fill: (UnsafeMutablePointer<UInt8>, _ stride: Int) throws(ImageCodecError) -> Void
    ) throws(ImageCodecError) -> Bitmap {
        let stride = size.width.multipliedReportingOverflow(by: 4)
        let count = stride.partialValue.multipliedReportingOverflow(by: size.height)
        guard size.width > 0, size.height > 0, !stride.overflow, !count.overflow else {
            throw .tooManyPixels(width: size.width, height: size.height, limit: Int.max / 4)
        }
        var failure: ImageCodecError?
        let pixels = [UInt8](unsafeUninitializedCapacity: count.partialValue) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            do throws(ImageCodecError) {
                try fill(base, stride.partialValue)
                initialized = count.partialValue
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return Bitmap(uncheckedWidth: size.width, height: size.height, bytes: pixels)
    }
}

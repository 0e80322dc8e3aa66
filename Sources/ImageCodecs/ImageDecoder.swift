/// How to decode: a target size for DCT scaling, a pixel limit, orientation.
public struct DecodingOptions: Sendable, Hashable {
    /// Decode no larger than needed to cover this size (JPEG scales by 1/2, 1/4, 1/8). Nil: full size.
    public var targetSize: PixelSize?
    /// Refuse images whose header claims more pixels than this, before allocating.
    public var maxPixels: Int
    /// Rotate/flip by the EXIF orientation so pixels come out upright.
    public var appliesOrientation: Bool
    /// Allow JPEG DCT-domain scaling toward `targetSize` (off for benchmarks).
    public var allowsDCTScaling: Bool

    /// 50 megapixels.
    public static let defaultMaxPixels = 50_000_000

    public init(
        targetSize: PixelSize? = nil,
        maxPixels: Int = DecodingOptions.defaultMaxPixels,
        appliesOrientation: Bool = true,
        allowsDCTScaling: Bool = true
    ) {
        self.targetSize = targetSize
        self.maxPixels = maxPixels
        self.appliesOrientation = appliesOrientation
        self.allowsDCTScaling = allowsDCTScaling
    }
}

/// A decoded image and how it was decoded.
public struct DecodedImage: Sendable, Hashable {
    /// Upright pixels (when orientation was applied).
    public var bitmap: Bitmap
    /// The header as read before decoding.
    public var header: ImageHeader
    /// The DCT scale used: 1, 2, 4 or 8 (the image was decoded at 1/scale). Always 1 for PNG.
    public var scaleDenominator: Int

    public init(bitmap: Bitmap, header: ImageHeader, scaleDenominator: Int) {
        self.bitmap = bitmap
        self.header = header
        self.scaleDenominator = scaleDenominator
    }
}

/// Decodes JPEG and PNG bytes into bitmaps. Thread-safe; every call is independent.
///
/// ```swift
/// let header = try ImageDecoder.probe(bytes)          // no pixels decoded
/// let image = try ImageDecoder.decode(bytes, options: .init(targetSize: .init(width: 64, height: 32)))
/// ```
public enum ImageDecoder {
    /// Reads format, size and orientation from the header only.
    public static func probe(_ bytes: [UInt8]) throws -> ImageHeader {
        TODO_ImageCodecs()
    }

    /// Decodes, checking the pixel limit from the header first.
    public static func decode(_ bytes: [UInt8], options: DecodingOptions = DecodingOptions()) throws -> DecodedImage {
        TODO_ImageCodecs()
    }
}

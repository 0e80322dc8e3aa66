import CImageShim
import Vocabulary

/// A camera RAW file's picture read from the open file, not from its bytes in memory: LibRaw
/// reads the file's structure and the one embedded preview it shows (or, developing, the
/// sensor data), never the rest, so a RAW costs what its preview costs, however large the file.
///
/// The file is the descriptor's (reopened through `/proc/self/fd`, never by its name again).
/// Where `/proc` is not there the initializer returns nil: read the bytes and use
/// ``ImageDecoder`` as for any file.
///
/// ```swift
/// if let picture = try RawFilePicture(descriptor: file.descriptor) {
///     print(picture.header.size)                                   // the preview's, upright
///     let image = try picture.decode(options: DecodingOptions(targetSize: box))
/// }
/// ```
public struct RawFilePicture: Sendable {
    /// Format (``ImageFormat/raw``), and the shown picture's stored size and orientation: the
    /// preview's, or the developed picture's (upright).
    public let header: ImageHeader
    private let preview: RawPreviewDecoding.Preview

    /// The picture `rendering` shows of the RAW file open as `descriptor` (its offset is not
    /// moved): the largest embedded preview, or with ``RawRendering/develop`` (and where there
    /// is no preview) the sensor data developed at half size, within `maxPixels`. Throws as
    /// ``ImageDecoder/decode(_:options:)`` does for a RAW file's bytes; nil when the file cannot
    /// be opened again through `/proc`.
    public init?(descriptor: Int32, maxPixels: Int = DecodingOptions.defaultMaxPixels, rendering: RawRendering = .preview) throws {
        let development: RawPreviewDecoding.Development = rendering == .develop ? .always : .withoutPreview
        guard let outcome = try Self.extract(descriptor: descriptor, maxPixels: maxPixels, develop: development) else { return nil }
        guard let extracted = outcome else { throw ImageCodecError.decoder("the RAW file has no preview and LibRaw cannot develop it") }
        switch extracted.content {
        case .jpeg(let jpeg):
            let inner = try JPEGDecoding.probe(jpeg)
            header = ImageHeader(format: .raw, storedSize: inner.storedSize, orientation: extracted.orientation)
        case .pixels(let bitmap):
            header = ImageHeader(
                format: .raw, storedSize: PixelSize(width: bitmap.width, height: bitmap.height), orientation: extracted.orientation)
        }
        preview = extracted
    }

    /// The embedded preview's JPEG bytes, when the picture is one (for its EXIF).
    var previewJPEG: [UInt8]? {
        guard !preview.developed, case .jpeg(let jpeg) = preview.content else { return nil }
        return jpeg
    }

    /// LibRaw's output for the file (nil inside when there is none); nil when the descriptor
    /// cannot be opened again.
    private static func extract(
        descriptor: Int32, maxPixels: Int, develop: RawPreviewDecoding.Development
    ) throws -> RawPreviewDecoding.Preview?? {
        do {
            return try RawPreviewDecoding.extract(descriptor: descriptor, maxPixels: maxPixels, develop: develop).0
        } catch {
            if error.kind == .invalidArgument { return .none }
            throw error
        }
    }

    /// The picture decoded as ``ImageDecoder/decode(_:options:)`` decodes a RAW file's bytes:
    /// toward the target, the region, partial when allowed, upright when asked (the options'
    /// ``DecodingOptions/rawRendering`` was the initializer's to choose).
    public func decode(options: DecodingOptions) throws -> DecodedImage {
        let stored = header.storedSize
        guard stored.pixelCount <= options.maxPixels else {
            throw ImageCodecError.tooManyPixels(width: stored.width, height: stored.height, limit: options.maxPixels)
        }
        return try RawPreviewDecoding.decode(preview, options: options)
    }
}

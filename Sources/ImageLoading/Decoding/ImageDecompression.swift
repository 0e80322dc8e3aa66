import FoundationExtras
import ImageCodecs
import Vocabulary

/// Decodes original bytes and runs the processors: sniffs the format from the bytes (whatever the
/// server claimed), checks the pixel limit from the header before allocating, decodes with DCT
/// scaling toward the first resize's box (or the JPEG's EXIF thumbnail when that covers the
/// box), then processes. With a thumbnail slot and a box no larger than a large thumbnail, it
/// decodes toward the larger of the box and the thumbnail to store, and writes that thumbnail
/// before processing.
struct ImageDecompression: Sendable {
    var maxPixels: Int
    /// The format the file's name claims (files only): bytes of another format are an error naming both.
    var claimedFormat: ImageFormat?
    /// Where to store a thumbnail of the decoded original (files with a thumbnail cache).
    var thumbnail: ThumbnailWrite?
    /// Draws a damaged file as far as it decodes (``Output/damage`` says what is missing).
    var allowsPartialDecoding = false

    /// A thumbnail cache and the slot a lookup missed.
    struct ThumbnailWrite: Sendable {
        var cache: any ThumbnailCaching
        var slot: ThumbnailSlot
    }

    init(
        maxPixels: Int, claimedFormat: ImageFormat? = nil, thumbnail: ThumbnailWrite? = nil, allowsPartialDecoding: Bool = false
    ) {
        self.maxPixels = maxPixels
        self.claimedFormat = claimedFormat
        self.thumbnail = thumbnail
        self.allowsPartialDecoding = allowsPartialDecoding
    }

    struct Output: Sendable {
        var bitmap: Bitmap
        var originalSize: PixelSize
        var decode: Duration
        var process: Duration
        /// The original bytes, when they are an animation this build plays.
        var animation: AnimationData?
        /// What is missing when the file was damaged (partial decoding only).
        var damage: ImageDamage?
    }

    /// Blocking: run it on an `OffloadQueue`. With `rawFile`, `bytes` are a camera RAW file's
    /// first bytes and its picture is read from the open file (``RawFilePicture``); `byteCount`
    /// is the whole original's, for the errors.
    func run(
        _ bytes: [UInt8], rawFile: ReadableFile? = nil, byteCount: Int? = nil, processors: [ImageProcessor]
    ) -> Result<Output, ImageLoadError> {
        for case .resize(let size, _) in processors where size.pixelCount > maxPixels {
            return .failure(.tooLarge(width: size.width, height: size.height, limit: maxPixels))
        }
        let clock = ContinuousClock()
        let decodeStart = clock.now
        let decoded: DecodedImage
        var probed: ImageHeader?
        do {
            try ImageDecoder.checkClaim(claimedFormat, of: bytes)
            let rawRendering = processors.rawRendering
            let picture = try rawFile.flatMap { file in
                try RawFilePicture(descriptor: file.descriptor, maxPixels: maxPixels, rendering: rawRendering)
            }
            if rawFile != nil, picture == nil {
                return .failure(.decodingFailed("the RAW file could not be opened again through /proc"))
            }
            let header = try picture?.header ?? ImageDecoder.probe(bytes, rawRendering: rawRendering)
            probed = header
            guard header.storedSize.pixelCount <= maxPixels else {
                return .failure(.tooLarge(width: header.size.width, height: header.size.height, limit: maxPixels))
            }
            var target = processors.decodingTargetSize
            let region = processors.decodingRegion
            var thumbnailSize: PixelSize?
            // A developed RAW is not the picture a thumbnail stands for, nor is a picture drawn
            // larger than a large thumbnail (a photo's detail view): making one would cost a
            // larger decode and a PNG on the way to the screen (`feedbench --scenario cull`).
            if let thumbnail, region == nil, rawRendering == .preview, let box = target, Self.leavesThumbnail(box) {
                thumbnailSize = thumbnail.cache.sizeToStore(for: header, covering: box)
                if let size = thumbnailSize {
                    target = PixelSize(width: max(box.width, size.width), height: max(box.height, size.height))
                }
            }
            var options = DecodingOptions(
                targetSize: target, maxPixels: maxPixels, allowsEmbeddedThumbnail: region == nil, allowsDCOnlyDecoding: region == nil)
            options.region = region
            options.allowsPartialDecoding = allowsPartialDecoding
            options.rawRendering = rawRendering
            decoded = try picture?.decode(options: options) ?? ImageDecoder.decode(bytes, options: options)
            // A damaged file's thumbnail is never stored: the next look would take it for whole.
            if let thumbnail, let size = thumbnailSize, decoded.damage == nil {
                var slot = thumbnail.slot
                slot.originalSize = decoded.header.size
                thumbnail.cache.store(decoded.bitmap.size == size ? decoded.bitmap : decoded.bitmap.resized(to: size), for: slot)
            }
        } catch let error as ImageCodecError {
            return .failure(ImageDecompression.map(error, byteCount: byteCount ?? bytes.count, header: probed, maxPixels: maxPixels))
        } catch {
            return .failure(.decodingFailed(String(describing: error)))
        }
        let decodeEnd = clock.now
        var bitmap = decoded.bitmap
        for processor in processors.afterDecoding { bitmap = processor.process(bitmap) }
        return .success(
            Output(
                bitmap: bitmap, originalSize: decoded.header.size, decode: decodeEnd - decodeStart,
                process: clock.now - decodeEnd,
                // A damaged animation shows the frame it has; its other frames are not played.
                animation: decoded.damage == nil ? probed.flatMap { AnimationData(bytes: bytes, header: $0) } : nil,
                damage: decoded.damage))
    }

    /// Whether a decode drawn at `box` leaves a thumbnail behind: a list's or a grid's picture,
    /// no larger than a large thumbnail (256 px) on either side.
    static func leavesThumbnail(_ box: PixelSize) -> Bool {
        max(box.width, box.height) <= ThumbnailSizeClass.large.side
    }

    static func map(_ error: ImageCodecError, byteCount: Int, header: ImageHeader?, maxPixels: Int) -> ImageLoadError {
        switch error.kind {
        case .unsupportedFormat: .unsupportedFormat("\(detail(of: error)) (\(byteCount) bytes)")
        case .tooManyPixels:
            .tooLarge(width: header?.size.width ?? 0, height: header?.size.height ?? 0, limit: maxPixels)
        default: .decodingFailed(error.description)
        }
    }

    /// The codec's words without its kind's name in front, for a load error that names the
    /// same kind itself ("unsupported format: not a JPEG…", never "unsupported format:
    /// unsupported format: …").
    static func detail(of error: ImageCodecError) -> String {
        let text = error.description
        let named = "\(error.kind): "
        return text.hasPrefix(named) ? String(text.dropFirst(named.count)) : text
    }
}

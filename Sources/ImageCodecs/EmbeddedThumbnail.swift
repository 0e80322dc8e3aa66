import Vocabulary

/// Decodes the JPEG thumbnail a camera stores in EXIF IFD1, when it can stand in for the image.
///
/// It is used only when it covers the target on both axes (or is the image's own size on a
/// side shorter than the target) and has the image's aspect within 2 % (cameras often pad a
/// 16:9 photo into a 4:3 thumbnail with black bars). Its own header decides its size; the
/// image's EXIF orientation is applied to it, as the thumbnail is stored the same way round.
/// Anything wrong with it yields nil: the caller decodes the image instead.
enum EmbeddedThumbnail {
    /// The most aspect difference accepted, as a fraction.
    static let aspectTolerance = 0.02

    static func decode(
        exif: [UInt8], header: ImageHeader, storedTarget: PixelSize, options: DecodingOptions
    ) -> DecodedImage? {
        guard !exif.isEmpty, let slice = ExifReader(tiff: exif)?.thumbnailJPEG else { return nil }
        let bytes = Array(slice)
        guard let thumbnailHeader = try? JPEGDecoding.probe(bytes) else { return nil }
        let stored = header.storedSize
        let small = thumbnailHeader.storedSize
        guard usable(small, for: stored, covering: storedTarget) else { return nil }
        let dct = JPEGDecoding.scaleDenominator(for: small, covering: storedTarget)
        guard
            var bitmap = try? JPEGDecoding.decode(
                bytes, size: small, scaleDenominator: dct, maxMemory: options.decoderMemoryCap(inputBytes: bytes.count))
        else { return nil }
        let scale = max(1, stored.width / max(1, bitmap.width))
        if options.appliesOrientation { bitmap = bitmap.oriented(header.orientation) }
        return DecodedImage(bitmap: bitmap, header: header, scaleDenominator: scale)
    }

    /// Whether a thumbnail of `small` can replace an image of `stored` decoded toward `target`.
    static func usable(_ small: PixelSize, for stored: PixelSize, covering target: PixelSize) -> Bool {
        guard !small.isEmpty, !stored.isEmpty, small.width <= stored.width, small.height <= stored.height else {
            return false
        }
        let aspect = Double(small.width) / Double(small.height)
        let imageAspect = Double(stored.width) / Double(stored.height)
        guard abs(aspect / imageAspect - 1) <= aspectTolerance else { return false }
        return small.width >= min(target.width, stored.width) && small.height >= min(target.height, stored.height)
    }
}

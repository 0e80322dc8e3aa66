import ImageCodecs
import Vocabulary

/// The CPU work of serving an image: decode a source photo, then crop, mirror, fill, filter, encode.
///
/// Synchronous and pure; `RenderCache` runs it off the event loops.
enum ImageRenderer {
    /// The upright pixels of `photo` at 1/`scale` of its size (JPEG's DCT scaling: 1, 2, 4 or 8;
    /// a PNG is always decoded whole, `scale` 1), read from its file now.
    ///
    /// A progressive JPEG at 1/8 is decoded from its DC scans only (the first tenth or so of the
    /// file, a small part of the whole file's decode time: `feedbench --scenario decode` times
    /// both; the pixels are within JPEG's own error of the full decode). A photo that cannot be read or
    /// decoded is a ``PicsumServerError`` naming it and the reason.
    static func decodeSource(_ photo: Photo, scale: Int = 1) throws -> Bitmap {
        let target = scale > 1 ? scaledSize(photo.size, scale) : nil
        let bytes = try photo.contents()
        do {
            let options = DecodingOptions(targetSize: target, appliesOrientation: true, allowsDCOnlyDecoding: scale == 8)
            return try ImageDecoder.decode(bytes, options: options).bitmap
        } catch {
            throw PicsumServerError.undecodablePhoto(photo.name, (error as? ImageCodecError)?.description ?? "\(error)")
        }
    }

    /// The coarsest source scale (1, 2, 4 or 8) whose crop of `item` still covers `options`'
    /// size on both axes, so a thumbnail of a 5000-pixel photo decodes at 1/8 in the DCT domain
    /// instead of whole. Always 1 for PNG (no reduced decode).
    static func sourceScale(for item: FeedItem, options: ImageOptions, format: ImageFormat) -> Int {
        guard format == .jpeg else { return 1 }
        for scale in [8, 4, 2] {
            let crop = scaledCrop(item.crop, scale: scale)
            if crop.width >= options.width && crop.height >= options.height { return scale }
        }
        return 1
    }

    /// The bytes of `item` at `options`, rendered from its `source` decoded at 1/`scale`: a JPEG
    /// (progressive: scan by scan, coarse to fine; else baseline, row by row), or a lossy WebP
    /// at the same quality (alpha kept) when `options.format` says so.
    static func render(
        source: Bitmap, scale: Int = 1, item: FeedItem, options: ImageOptions, quality: Int, progressive: Bool = false
    ) throws -> [UInt8] {
        var crop = scale > 1 ? scaledCrop(item.crop, scale: scale) : item.crop
        // The scaled source is ceil(size / scale): keep the crop inside it.
        crop.width = max(1, min(crop.width, source.width - crop.x))
        crop.height = max(1, min(crop.height, source.height - crop.y))
        var bitmap = source.cropped(to: crop)
        if item.mirrored { bitmap = bitmap.mirroredHorizontally() }
        bitmap = bitmap.fill(PixelSize(width: options.width, height: options.height))
        if options.grayscale { bitmap = bitmap.grayscale() }
        if options.blur > 0 { bitmap = bitmap.blurred(radius: options.blur) }
        if options.format == .webp { return try WebPEncoder.encode(bitmap, quality: quality) }
        // JPEG has no alpha: composite transparent photos (PNG) over white rather than black.
        bitmap = bitmap.flattened(over: .white)
        return try JPEGEncoder.encode(bitmap, quality: quality, progressive: progressive)
    }

    /// `size` at 1/`scale`, rounded up as libjpeg's scaled output is.
    static func scaledSize(_ size: PixelSize, _ scale: Int) -> PixelSize {
        PixelSize(width: (size.width + scale - 1) / scale, height: (size.height + scale - 1) / scale)
    }

    /// `crop` in the coordinates of a source decoded at 1/`scale` (origin rounded down, size
    /// rounded down, at least one pixel).
    static func scaledCrop(_ crop: PixelRect, scale: Int) -> PixelRect {
        PixelRect(
            x: crop.x / scale, y: crop.y / scale, width: max(1, crop.width / scale), height: max(1, crop.height / scale))
    }
}

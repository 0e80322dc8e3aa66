import ImageCodecs

/// The CPU work of serving an image: decode a source photo, then crop, mirror, fill, filter, encode.
///
/// Synchronous and pure; `RenderCache` runs it off the event loops.
enum ImageRenderer {
    /// The upright, full-size pixels of `photo`.
    static func decodeSource(_ photo: Photo) throws -> Bitmap {
        try ImageDecoder.decode(photo.bytes, options: DecodingOptions(appliesOrientation: true)).bitmap
    }

    /// The JPEG bytes of `item` at `options`, rendered from its decoded `source`.
    static func render(source: Bitmap, item: FeedItem, options: ImageOptions, quality: Int) throws -> [UInt8] {
        var bitmap = source.cropped(to: item.crop)
        if item.mirrored { bitmap = bitmap.mirroredHorizontally() }
        bitmap = bitmap.fill(PixelSize(width: options.width, height: options.height))
        if options.grayscale { bitmap = bitmap.grayscale() }
        if options.blur > 0 { bitmap = bitmap.blurred(radius: options.blur) }
        // JPEG has no alpha: composite transparent photos (PNG) over white rather than black.
        bitmap = bitmap.flattened(over: .white)
        return try JPEGEncoder.encode(bitmap, quality: quality)
    }
}

public import ImageCodecs
public import Vocabulary

/// A transformation applied to a decoded image, in request order.
///
/// ```swift
/// let processors: [ImageProcessor] = [.resize(to: PixelSize(width: 80, height: 60), mode: .fit), .grayscale]
/// ```
public enum ImageProcessor: Sendable, Hashable, CustomStringConvertible {
    /// Scales to a pixel size: `fit` keeps the whole image inside the box, `fill` covers it and crops.
    case resize(to: PixelSize, mode: ContentMode)
    /// Removes colour.
    case grayscale
    /// Keeps the part `rect` of the image, in the upright original's full-size pixels. As the
    /// first processor it is a region decode (a zoomed view): the decoder reads only that part
    /// (a JPEG only its rows and iMCU columns, at the DCT scale the next resize needs), and the
    /// next resize scales the part, not the photo. No thumbnail or progressive preview is made
    /// for such a request.
    case crop(PixelRect)
    /// Decodes a camera RAW file from its sensor data, developed by LibRaw at half size, instead
    /// of its largest embedded preview (``RawRendering/develop``): a request's variant, so the
    /// caches and coalescing keep the two pictures apart while the file's bytes are read once.
    /// The decoder reads it wherever it is; on the decoded picture it does nothing, and a file
    /// that is not a RAW is decoded as usual. No freedesktop.org thumbnail is read or written
    /// for such a request (those stand for the file as every program shows it).
    case developRaw

    /// How a resize maps the image into its box.
    public enum ContentMode: String, Sendable, Hashable {
        /// Inside the box, aspect ratio kept (letterbox without bars).
        case fit
        /// Covers the box exactly, centre-cropped.
        case fill
    }

    public var description: String {
        switch self {
        case .resize(let size, let mode): "resize(\(size),\(mode.rawValue))"
        case .grayscale: "grayscale"
        case .crop(let rect): "crop(\(rect))"
        case .developRaw: "developRaw"
        }
    }

    /// Applies the processor.
    public func process(_ bitmap: Bitmap) -> Bitmap {
        switch self {
        case .resize(let size, let mode):
            guard !size.isEmpty else { return bitmap }
            return mode == .fit ? bitmap.fit(into: size) : bitmap.fill(size)
        case .grayscale:
            return bitmap.grayscale()
        case .crop(let rect):
            return bitmap.cropped(to: rect)
        case .developRaw:
            return bitmap
        }
    }
}

extension [ImageProcessor] {
    /// The size the decoder should cover (for DCT scaling): the first resize's box.
    var decodingTargetSize: PixelSize? {
        for processor in self {
            if case .resize(let size, _) = processor, !size.isEmpty { return size }
        }
        return nil
    }

    /// The part of the original to decode: a first `crop`'s rect (nil: all of it).
    var decodingRegion: PixelRect? {
        if case .crop(let rect)? = first { return rect }
        return nil
    }

    /// Which picture of a camera RAW file to decode: developed when a `developRaw` is there.
    var rawRendering: RawRendering { contains(.developRaw) ? .develop : .preview }

    /// The processors to run on what the decoder gave: all but a first `crop` (the decoder applied it).
    var afterDecoding: ArraySlice<ImageProcessor> { decodingRegion == nil ? self[...] : dropFirst() }

    /// A stable text form, for cache keys.
    var cacheKey: String { map(\.description).joined(separator: "|") }
}

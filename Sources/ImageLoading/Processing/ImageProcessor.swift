public import ImageCodecs

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

    /// A stable text form, for cache keys.
    var cacheKey: String { map(\.description).joined(separator: "|") }
}

/// A size in pixels.
///
/// ```swift
/// let thumb = PixelSize(width: 64, height: 64)
/// thumb.pixelCount // 4096
/// ```
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width × height, computed without overflow trapping (saturates at `Int.max`).
    public var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// True when either side is zero or negative.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The size with width and height exchanged (for 90° EXIF orientations).
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    public var description: String { "\(width)×\(height)" }

    /// The smallest size with this size's aspect that covers `target` on both axes (the other
    /// side rounded up): what an image is scaled to before it is cropped to fill `target`.
    ///
    /// ```swift
    /// PixelSize(width: 180, height: 120).aspectCovering(PixelSize(width: 72, height: 36))   // 72×48
    /// ```
    public func aspectCovering(_ target: PixelSize) -> PixelSize {
        guard !isEmpty, !target.isEmpty else { return target }
        if width * target.height >= height * target.width {
            // Wider than the target: the heights match, the width follows.
            return PixelSize(width: (width * target.height + height - 1) / height, height: target.height)
        }
        return PixelSize(width: target.width, height: (height * target.width + width - 1) / width)
    }
}

/// A rectangle in pixel coordinates, origin top-left.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    public var description: String { "\(width)×\(height)+\(x)+\(y)" }
}

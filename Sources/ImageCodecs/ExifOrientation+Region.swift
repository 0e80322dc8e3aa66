public import Vocabulary

extension ExifOrientation {
    /// The stored pixel an upright image's pixel (x, y) shows, for a stored image of `stored`
    /// size (the same map `Bitmap.oriented(_:)` draws with).
    func storedPoint(x: Int, y: Int, stored: PixelSize) -> (x: Int, y: Int) {
        let w = stored.width, h = stored.height
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - 1 - x)
        case .rightMirrored: return (w - 1 - y, h - 1 - x)
        case .left: return (w - 1 - y, x)
        }
    }

    /// The part of a stored image of `stored` size that shows `rect` of the upright image
    /// (a non-empty rect inside the upright image).
    ///
    /// ```swift
    /// ExifOrientation.right.storedRect(for: PixelRect(x: 0, y: 0, width: 10, height: 20), stored: PixelSize(width: 300, height: 200))
    /// // 20×10+0+190: the upright top-left is the stored bottom-left, turned
    /// ```
    public func storedRect(for rect: PixelRect, stored: PixelSize) -> PixelRect {
        let a = storedPoint(x: rect.x, y: rect.y, stored: stored)
        let b = storedPoint(x: rect.x + rect.width - 1, y: rect.y + rect.height - 1, stored: stored)
        return PixelRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x) + 1, height: abs(a.y - b.y) + 1)
    }
}

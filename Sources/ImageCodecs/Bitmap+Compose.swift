public import Vocabulary

extension Bitmap {
    /// This bitmap with the part `sourceRect` of `source` scaled into `destination` (both
    /// clamped to their bitmaps; nothing happens when either is empty). For a zoomed view's
    /// stand-in: the part of the picture on screen that the new view still shows, until the
    /// sharp one is decoded.
    ///
    /// ```swift
    /// let canvas = Bitmap(width: 400, height: 300).drawing(shown, from: PixelRect(x: 100, y: 50, width: 100, height: 75),
    ///                                                      into: PixelRect(x: 0, y: 0, width: 400, height: 300))
    /// ```
    public func drawing(_ source: Bitmap, from sourceRect: PixelRect, into destination: PixelRect) -> Bitmap {
        let from = source.clampedRect(sourceRect)
        let to = clampedRect(destination)
        guard from.width > 0, from.height > 0, to.width > 0, to.height > 0 else { return self }
        let part = source.resampled(from: from, to: to.size)
        var out = self
        let stride = bytesPerRow
        out.withMutableBytes { bytes in
            part.withBytes { partBytes in
                guard let targetBase = bytes.baseAddress, let sourceBase = partBytes.baseAddress else { return }
                for row in 0..<to.height {
                    (targetBase + (to.y + row) * stride + to.x * 4)
                        .update(from: sourceBase + row * part.bytesPerRow, count: to.width * 4)
                }
            }
        }
        return out
    }
}

extension Bitmap {
    /// Scaled to exactly `size`: area-average (box filter) when shrinking, bilinear when growing,
    /// chosen per axis.
    public func resized(to size: PixelSize) -> Bitmap {
        TODO_ImageCodecs()
    }

    /// The part of the bitmap inside `rect` (clamped to the bitmap).
    public func cropped(to rect: PixelRect) -> Bitmap {
        TODO_ImageCodecs()
    }

    /// The largest size with this bitmap's aspect ratio that fits inside `box` (at least 1×1).
    public func fittingSize(in box: PixelSize) -> PixelSize {
        TODO_ImageCodecs()
    }

    /// Scaled to fit inside `box`, keeping the aspect ratio (letterbox without the bars).
    public func fit(into box: PixelSize) -> Bitmap {
        TODO_ImageCodecs()
    }

    /// Scaled and centre-cropped to cover `box` exactly.
    public func fill(_ box: PixelSize) -> Bitmap {
        TODO_ImageCodecs()
    }
}

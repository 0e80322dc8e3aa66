extension Bitmap {
    /// Mirrored left to right.
    public func mirroredHorizontally() -> Bitmap {
        TODO_ImageCodecs()
    }

    /// Luma (Rec. 601) in every channel, alpha kept.
    public func grayscale() -> Bitmap {
        TODO_ImageCodecs()
    }

    /// A Gaussian-like blur (three box passes) of `radius` pixels; 0 returns self.
    public func blurred(radius: Int) -> Bitmap {
        TODO_ImageCodecs()
    }

    /// Composited over an opaque background colour (alpha becomes 255).
    public func flattened(over background: RGBA) -> Bitmap {
        TODO_ImageCodecs()
    }
}

extension Bitmap {
    /// Mirrored left to right.
    public func mirroredHorizontally() -> Bitmap {
        guard width > 1, height > 0 else { return self }
        let w = width
        return remapped(to: size) { x, y in (w - 1 - x, y) }
    }

    /// Luma (Rec. 601) in every channel, alpha kept.
    public func grayscale() -> Bitmap {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = y * bytesPerRow
            for x in 0..<width {
                let i = row + x * 4, o = (y * width + x) * 4
                let luma = (299 * Int(bytes[i]) + 587 * Int(bytes[i + 1]) + 114 * Int(bytes[i + 2]) + 500) / 1000
                let value = UInt8(truncatingIfNeeded: luma)
                out[o] = value
                out[o + 1] = value
                out[o + 2] = value
                out[o + 3] = bytes[i + 3]
            }
        }
        return Bitmap(uncheckedWidth: width, height: height, bytes: out)
    }

    /// A Gaussian-like blur (three box passes) of `radius` pixels; 0 returns self.
    ///
    /// Works on premultiplied values with clamped edges, so transparent areas do not darken
    /// their surroundings. The cost does not depend on the radius.
    public func blurred(radius: Int) -> Bitmap {
        guard radius > 0, width > 0, height > 0 else { return self }
        // Past the image's size a wider box changes nothing but the cost of its first window.
        let radius = min(radius, max(width, height))
        var plane = BlurPlane(self)
        for _ in 0..<3 { plane.boxPass(radius: radius, horizontal: true) }
        for _ in 0..<3 { plane.boxPass(radius: radius, horizontal: false) }
        return plane.bitmap()
    }

    /// Composited over an opaque background colour (alpha becomes 255).
    ///
    /// The background's own alpha is ignored.
    public func flattened(over background: RGBA) -> Bitmap {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        let back = [Int(background.r), Int(background.g), Int(background.b)]
        for y in 0..<height {
            let row = y * bytesPerRow
            for x in 0..<width {
                let i = row + x * 4, o = (y * width + x) * 4
                let alpha = Int(bytes[i + 3])
                for c in 0..<3 {
                    let mixed = Int(bytes[i + c]) * alpha + back[c] * (255 - alpha)
                    out[o + c] = UInt8(truncatingIfNeeded: (mixed + 127) / 255)
                }
            }
        }
        return Bitmap(uncheckedWidth: width, height: height, bytes: out)
    }
}

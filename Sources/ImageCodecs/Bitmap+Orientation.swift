import Vocabulary

extension Bitmap {
    /// The bitmap turned upright for an EXIF orientation (1 returns self).
    ///
    /// Orientations 5–8 exchange width and height.
    func oriented(_ orientation: ExifOrientation) -> Bitmap {
        guard orientation != .up, width > 0, height > 0 else { return self }
        let w = width, h = height
        let out = orientation.swapsAxes ? PixelSize(width: h, height: w) : size
        // For each output pixel (x, y), the stored pixel it shows.
        let source: (Int, Int) -> (Int, Int) =
            switch orientation {
            case .up: { x, y in (x, y) }
            case .upMirrored: { x, y in (w - 1 - x, y) }
            case .down: { x, y in (w - 1 - x, h - 1 - y) }
            case .downMirrored: { x, y in (x, h - 1 - y) }
            case .leftMirrored: { x, y in (y, x) }
            case .right: { x, y in (y, h - 1 - x) }
            case .rightMirrored: { x, y in (w - 1 - y, h - 1 - x) }
            case .left: { x, y in (w - 1 - y, x) }
            }
        return remapped(to: out, source: source)
    }

    /// A new bitmap of `size` whose pixel (x, y) is this bitmap's pixel `source(x, y)`.
    func remapped(to size: PixelSize, source: (Int, Int) -> (Int, Int)) -> Bitmap {
        let stride = bytesPerRow
        let bytes = [UInt8](unsafeUninitializedCapacity: size.width * size.height * 4) { out, initialized in
            withBytes { input in
                guard let inBase = input.baseAddress, let outBase = out.baseAddress else { return }
                let inRaw = UnsafeRawPointer(inBase)
                let outRaw = UnsafeMutableRawPointer(outBase)
                var o = 0
                for y in 0..<size.height {
                    for x in 0..<size.width {
                        let (sx, sy) = source(x, y)
                        let pixel = inRaw.loadUnaligned(fromByteOffset: sy * stride + sx * 4, as: UInt32.self)
                        outRaw.storeBytes(of: pixel, toByteOffset: o, as: UInt32.self)
                        o += 4
                    }
                }
            }
            initialized = size.width * size.height * 4
        }
        return Bitmap(uncheckedWidth: size.width, height: size.height, bytes: bytes)
    }
}

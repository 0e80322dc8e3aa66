import Vocabulary

/// How far below full size one decode goes: JPEG's DCT scale, then an integer area-average
/// factor applied while rows stream in.
///
/// Both stop at the smallest output that still covers the target (a side shorter than the
/// target stays whole). The area average applies only to an image still over the threshold
/// after DCT scaling, so small images decode exactly as they always did, and large ones never
/// exist at full size.
struct DecodePlan: Equatable {
    /// 1, 2, 4 or 8 for JPEG; 1 for the other formats.
    var dctScale: Int
    /// The area-average factor after DCT scaling (1: none).
    var reduction: Int

    /// The whole reduction, as `DecodedImage.scaleDenominator` reports it.
    var scaleDenominator: Int { dctScale * reduction }

    /// The plan for an image of `stored` size toward `target` (stored axes; nil: full size).
    init(format: ImageFormat, stored: PixelSize, target: PixelSize?, threshold: Int) {
        guard let target, !target.isEmpty else {
            self.init(dctScale: 1, reduction: 1)
            return
        }
        // A RAW file shows its embedded JPEG preview.
        let dct = format == .jpeg || format == .raw ? JPEGDecoding.scaleDenominator(for: stored, covering: target) : 1
        let scaled = JPEGDecoding.scaledSize(stored, denominator: dct)
        let reduction = scaled.pixelCount > threshold ? Self.reductionFactor(for: scaled, covering: target) : 1
        self.init(dctScale: dct, reduction: reduction)
    }

    init(dctScale: Int, reduction: Int) {
        self.dctScale = dctScale
        self.reduction = reduction
    }

    /// The largest integer factor whose reduced size (rounded up) still covers `target`,
    /// or the whole of a side shorter than the target.
    static func reductionFactor(for size: PixelSize, covering target: PixelSize) -> Int {
        guard !size.isEmpty, !target.isEmpty else { return 1 }
        // ceil(side / k) >= t  <=>  k <= (side - 1) / (t - 1), for t > 1.
        func largest(_ side: Int, _ wanted: Int) -> Int {
            let t = min(wanted, side)
            return t <= 1 ? Int.max : (side - 1) / (t - 1)
        }
        let factor = min(largest(size.width, target.width), largest(size.height, target.height))
        return max(1, min(factor, max(size.width, size.height)))
    }

    /// `size` reduced by `factor`, rounded up (edge blocks average the pixels they have).
    static func reducedSize(_ size: PixelSize, by factor: Int) -> PixelSize {
        guard factor > 1 else { return size }
        return PixelSize(width: (size.width + factor - 1) / factor, height: (size.height + factor - 1) / factor)
    }
}

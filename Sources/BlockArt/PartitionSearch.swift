/// Finds the two-colour split of a cell's sub-pixels with the least error in Oklab.
///
/// For a split into ink and paper, the best colours are the means of each side, and the
/// squared error is Σ|p|² − |S₁|²/n₁ − |S₀|²/n₀ (S the sums, n the counts). So the search
/// maximises |S₁|²/n₁ + |S₀|²/n₀ over every split. A split and its complement draw the same
/// picture, so only masks with the last sub-pixel on the paper side are tried: 8 for a
/// quadrant cell, 32 for a sextant cell. Subset sums are built incrementally, one addition
/// per mask.
struct PartitionSearch {
    let pixelCount: Int
    private var sums: [SIMD3<Float>]
    private let inkCounts: [Float]
    /// The masks `rankMasks` found, best first.
    private(set) var ranked: [Int] = []
    private var rankedScores: [Float] = []

    init(pixelCount: Int) {
        self.pixelCount = pixelCount
        let masks = 1 << (pixelCount - 1)
        sums = [SIMD3<Float>](repeating: .zero, count: masks)
        inkCounts = (0..<masks).map { Float($0.nonzeroBitCount) }
    }

    /// The ink mask with the least error (bit i = sub-pixel i is ink); 0 means one flat colour.
    mutating func bestMask(labs: [SIMD3<Float>]) -> Int {
        var best = 0
        var bestScore: Float = 0
        var margin: Float = 0
        Self.scoreSplits(labs, pixelCount: pixelCount, sums: &sums, inkCounts: inkCounts) { mask, score in
            if mask == 0 {
                bestScore = score
                // Allow for rounding: a split must beat flat by a margin to be worth a glyph.
                margin = score * 1e-6 + 1e-7
            } else if score > bestScore + margin {
                bestScore = score
                best = mask
            }
        }
        return best
    }

    /// The `count` best masks, best first (for quantised modes, which re-rank them by the
    /// error left after snapping both colours to the palette), in `ranked`. Reuses its
    /// storage from cell to cell, so the per-cell search allocates nothing.
    mutating func rankMasks(labs: [SIMD3<Float>], count: Int) {
        // Every mask, 0 (flat) included, is a candidate.
        let capacity = max(1, min(count, sums.count))
        if ranked.count != capacity {
            ranked = [Int](repeating: 0, count: capacity)
            rankedScores = [Float](repeating: 0, count: capacity)
        }
        var filled = 0
        let (pixelCount, inkCounts) = (self.pixelCount, self.inkCounts)
        ranked.withUnsafeMutableBufferPointer { masks in
            rankedScores.withUnsafeMutableBufferPointer { scores in
                // Keeps the best `capacity`, best first; a later equal score ranks after.
                Self.scoreSplits(labs, pixelCount: pixelCount, sums: &sums, inkCounts: inkCounts) { mask, score in
                    if filled == capacity {
                        guard score > scores[capacity - 1] else { return }
                        filled -= 1
                    }
                    var index = filled
                    while index > 0 && scores[index - 1] < score {
                        scores[index] = scores[index - 1]
                        masks[index] = masks[index - 1]
                        index -= 1
                    }
                    scores[index] = score
                    masks[index] = mask
                    filled += 1
                }
            }
        }
    }

    /// Scores every split, flat (mask 0) first: `body(mask, |S₁|²/n₁ + |S₀|²/n₀)`, higher is
    /// better. Subset sums are built incrementally in `sums`, one addition per mask.
    @inline(__always)
    private static func scoreSplits(
        _ labs: [SIMD3<Float>], pixelCount: Int, sums: inout [SIMD3<Float>], inkCounts: [Float],
        _ body: (Int, Float) -> Void
    ) {
        var total = SIMD3<Float>.zero
        for lab in labs { total += lab }
        let n = Float(pixelCount)
        body(0, (total * total).sum() / n)
        sums[0] = .zero
        for mask in 1..<sums.count {
            let sum = sums[mask & (mask - 1)] + labs[mask.trailingZeroBitCount]
            sums[mask] = sum
            let ink = inkCounts[mask]
            let rest = total - sum
            body(mask, (sum * sum).sum() / ink + (rest * rest).sum() / (n - ink))
        }
    }

    /// Mean ink colour, mean paper colour, and the ink count, for a mask.
    static func means(of pixels: [SIMD3<Float>], mask: Int) -> (SIMD3<Float>, SIMD3<Float>, Int) {
        var ink = SIMD3<Float>.zero, paper = SIMD3<Float>.zero
        var inkCount = 0
        for (index, pixel) in pixels.enumerated() {
            if mask & (1 << index) != 0 {
                ink += pixel
                inkCount += 1
            } else {
                paper += pixel
            }
        }
        let paperCount = pixels.count - inkCount
        let paperMean = paperCount > 0 ? paper / Float(paperCount) : .zero
        let inkMean = inkCount > 0 ? ink / Float(inkCount) : paperMean
        return (inkMean, paperMean, inkCount)
    }
}

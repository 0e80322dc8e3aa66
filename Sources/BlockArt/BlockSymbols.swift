/// The `block` symbol set: quadrants plus the eighth and quarter blocks, over a cell of
/// 4×8 square sub-pixels (bit `row * 4 + column` of a pixel mask).
///
/// Every candidate's ink is a union of rows, columns or quadrants, so each split is scored
/// from row, column and quadrant sums (no per-pixel loop per candidate).
enum BlockSymbols {
    static let columns = 4
    static let rows = 8

    /// How a candidate's ink sum is built from the cell's partial sums.
    enum Shape: Sendable {
        /// Quadrants by bit: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
        case quadrants(Int)
        /// The lowest `n` rows.
        case lower(Int)
        /// The top row.
        case topRow
        /// The leftmost `n` columns.
        case left(Int)
    }

    struct Candidate: Sendable {
        var glyph: Unicode.Scalar
        var shape: Shape
        var mask: Int
    }

    /// Every glyph with ink, each with its pixel mask (no duplicates; space is mask 0).
    static let candidates: [Candidate] = {
        var list: [Candidate] = []
        for pattern in 1..<16 {
            var mask = 0
            for row in 0..<rows {
                for column in 0..<columns {
                    let quadrant = (row >= rows / 2 ? 2 : 0) + (column >= columns / 2 ? 1 : 0)
                    if pattern & (1 << quadrant) != 0 { mask |= 1 << (row * columns + column) }
                }
            }
            list.append(Candidate(glyph: SymbolSet.quadGlyphs[pattern], shape: .quadrants(pattern), mask: mask))
        }
        let rowMask = (1 << columns) - 1
        for n in [1, 2, 3, 5, 6, 7] {
            var mask = 0
            for row in (rows - n)..<rows { mask |= rowMask << (row * columns) }
            list.append(Candidate(glyph: Unicode.Scalar(0x2580 + UInt32(n))!, shape: .lower(n), mask: mask))
        }
        list.append(Candidate(glyph: "▔", shape: .topRow, mask: rowMask))
        for (n, glyph) in [(1, "▎"), (3, "▊")] as [(Int, Unicode.Scalar)] {
            var mask = 0
            for row in 0..<rows {
                for column in 0..<n { mask |= 1 << (row * columns + column) }
            }
            list.append(Candidate(glyph: glyph, shape: .left(n), mask: mask))
        }
        return list
    }()

    /// The glyph whose ink mask is nearest `pattern` (fewest differing sub-pixels).
    static func glyph(nearest pattern: Int) -> Unicode.Scalar {
        var best: Unicode.Scalar = " "
        var bestDistance = pattern.nonzeroBitCount
        for candidate in candidates {
            let distance = (candidate.mask ^ pattern).nonzeroBitCount
            if distance < bestDistance {
                bestDistance = distance
                best = candidate.glyph
            }
        }
        return best
    }

    /// Pixel masks of the `count` best splits in Oklab, best first (0 = flat).
    static func bestMasks(labs: [SIMD3<Float>], count: Int) -> [Int] {
        var rowSums = [SIMD3<Float>](repeating: .zero, count: rows)
        var columnSums = [SIMD3<Float>](repeating: .zero, count: columns)
        var quadrantSums = [SIMD3<Float>](repeating: .zero, count: 4)
        for row in 0..<rows {
            for column in 0..<columns {
                let lab = labs[row * columns + column]
                rowSums[row] += lab
                columnSums[column] += lab
                quadrantSums[(row >= rows / 2 ? 2 : 0) + (column >= columns / 2 ? 1 : 0)] += lab
            }
        }
        var total = SIMD3<Float>.zero
        for sum in rowSums { total += sum }
        let n = Float(rows * columns)
        var ranked: [(score: Float, mask: Int)] = [((total * total).sum() / n, 0)]
        for candidate in candidates {
            var ink = SIMD3<Float>.zero
            var inkCount: Float
            switch candidate.shape {
            case .quadrants(let pattern):
                for quadrant in 0..<4 where pattern & (1 << quadrant) != 0 { ink += quadrantSums[quadrant] }
                inkCount = Float(pattern.nonzeroBitCount * rows * columns / 4)
            case .lower(let count):
                for row in (rows - count)..<rows { ink += rowSums[row] }
                inkCount = Float(count * columns)
            case .topRow:
                ink = rowSums[0]
                inkCount = Float(columns)
            case .left(let count):
                for column in 0..<count { ink += columnSums[column] }
                inkCount = Float(count * rows)
            }
            guard inkCount < n else { continue }
            let rest = total - ink
            let score = (ink * ink).sum() / inkCount + (rest * rest).sum() / (n - inkCount)
            if ranked.count < count || score > ranked[ranked.count - 1].score {
                var index = ranked.count
                while index > 0 && ranked[index - 1].score < score { index -= 1 }
                ranked.insert((score, candidate.mask), at: index)
                if ranked.count > count { ranked.removeLast() }
            }
        }
        // A split must beat flat by more than rounding to be worth a glyph.
        if ranked.count > 1, ranked[0].mask != 0, let flat = ranked.firstIndex(where: { $0.mask == 0 }),
           ranked[0].score <= ranked[flat].score * (1 + 1e-6) + 1e-7 {
            ranked.swapAt(0, flat)
        }
        return ranked.map(\.mask)
    }
}

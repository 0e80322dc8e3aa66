import Vocabulary

/// The xterm palette and nearest-colour lookups for the quantised modes.
///
/// Nearest is measured in Oklab, over a grid of sRGB values whose levels include every
/// channel value the palette uses, so the palette's own colours map to themselves.
/// `PaletteLookup` memoises the grid: each entry is searched once, then costs three table
/// reads. (Filling all 30 000 entries up front would cost more than a whole render:
/// `feedbench --scenario blockart-speed` times one.)
struct Palette: Sendable {
    /// xterm's default RGB for all 256 indices (0–15 are what xterm ships; terminals vary).
    static let xterm256: [(r: UInt8, g: UInt8, b: UInt8)] = {
        var table: [(r: UInt8, g: UInt8, b: UInt8)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
            (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
            (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        for r in 0..<6 { for g in 0..<6 { for b in 0..<6 {
            table.append((cubeLevels[r], cubeLevels[g], cubeLevels[b]))
        } } }
        for gray in 0..<24 {
            let value = UInt8(8 + 10 * gray)
            table.append((value, value, value))
        }
        return table
    }()

    /// The six channel levels of the 6×6×6 cube.
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// Indices 16–255: the cube and the gray ramp.
    static let cube256 = Palette(indices: 16...255)
    /// Indices 0–15 as xterm shows them.
    static let ansi16 = Palette(indices: 0...15)

    /// The palette for a quantised mode, nil otherwise.
    static func forMode(_ mode: ColorDepth) -> Palette? {
        switch mode {
        case .palette256: cube256
        case .ansi16: ansi16
        case .truecolor, .none: nil
        }
    }

    /// Channel value (0…255) → level of the lookup grid.
    private let levelOfValue: [UInt16]
    private let levels: [Int]
    /// Number of grid levels per channel.
    let levelCount: Int
    private let candidates: [(index: UInt8, lab: SIMD3<Float>)]

    private init(indices: ClosedRange<Int>) {
        // The 240-colour palette's own values are at most 10 apart (17 at the top, so add 247);
        // the 16 colours are sparse, so a regular grid fills the gaps.
        var values: Set<Int> = indices.count > 16 ? [247] : Set(stride(from: 0, through: 240, by: 16))
        values.insert(255)
        for index in indices {
            let color = Self.xterm256[index]
            values.formUnion([Int(color.r), Int(color.g), Int(color.b)])
        }
        let levels = values.sorted()
        self.levels = levels
        levelCount = levels.count
        var levelOfValue = [UInt16](repeating: 0, count: 256)
        var level = 0
        for value in 0..<256 {
            while level + 1 < levels.count && abs(levels[level + 1] - value) <= abs(levels[level] - value) {
                level += 1
            }
            levelOfValue[value] = UInt16(level)
        }
        self.levelOfValue = levelOfValue
        candidates = indices.map { index in
            (index: UInt8(index), lab: Self.oklabOfIndex[index])
        }
    }

    /// Entries in the lookup grid (levels³).
    var gridSize: Int { levelCount * levelCount * levelCount }

    /// The grid entry of an sRGB colour (channels 0…255, clamped, fractional allowed).
    @inline(__always)
    func slot(of rgb: SIMD3<Float>) -> Int {
        let clamped = rgb.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
        let r = Int(levelOfValue[Int(clamped.x + 0.5)])
        let g = Int(levelOfValue[Int(clamped.y + 0.5)])
        let b = Int(levelOfValue[Int(clamped.z + 0.5)])
        return (r * levelCount + g) * levelCount + b
    }

    /// The palette index nearest (in Oklab) to a grid entry's colour.
    func nearestIndex(slot: Int) -> UInt8 {
        let b = slot % levelCount, g = slot / levelCount % levelCount, r = slot / (levelCount * levelCount)
        let rgb = (levels[r], levels[g], levels[b])
        let lab = ColorSpace.oklab(linear: SIMD3(
            ColorSpace.linearFromByte[rgb.0], ColorSpace.linearFromByte[rgb.1], ColorSpace.linearFromByte[rgb.2]))
        return Self.nearest(to: lab, rgb: rgb, among: candidates)
    }

    /// The nearest candidate in Oklab. For the 240-colour palette only the cube colours
    /// within one level of the colour on each channel, and the grays, can be nearest.
    private static func nearest(
        to lab: SIMD3<Float>, rgb: (Int, Int, Int), among candidates: [(index: UInt8, lab: SIMD3<Float>)]
    ) -> UInt8 {
        var best = candidates[0].index
        var bestDistance = Float.infinity
        func consider(_ candidate: (index: UInt8, lab: SIMD3<Float>)) {
            let delta = candidate.lab - lab
            let distance = (delta * delta).sum()
            if distance < bestDistance {
                bestDistance = distance
                best = candidate.index
            }
        }
        if candidates.count == 240 {
            let (lr, lg, lb) = (cubeLevel(near: rgb.0), cubeLevel(near: rgb.1), cubeLevel(near: rgb.2))
            for r in max(0, lr - 1)...min(5, lr + 1) {
                for g in max(0, lg - 1)...min(5, lg + 1) {
                    for b in max(0, lb - 1)...min(5, lb + 1) { consider(candidates[r * 36 + g * 6 + b]) }
                }
            }
            for gray in 216..<240 { consider(candidates[gray]) }
        } else {
            for candidate in candidates { consider(candidate) }
        }
        return best
    }

    private static func cubeLevel(near value: Int) -> Int {
        var best = 0
        for level in 1..<6 where abs(Int(cubeLevels[level]) - value) < abs(Int(cubeLevels[best]) - value) {
            best = level
        }
        return best
    }

    /// Oklab of every index, for measuring quantised error.
    private static let oklabOfIndex: [SIMD3<Float>] = xterm256.map {
        ColorSpace.oklab(srgb: SIMD3(Float($0.r), Float($0.g), Float($0.b)))
    }

    /// The Oklab value of a palette index.
    @inline(__always)
    static func oklab(ofIndex index: UInt8) -> SIMD3<Float> { oklabOfIndex[Int(index)] }

    /// The sRGB value of a palette index.
    @inline(__always)
    static func rgb(ofIndex index: UInt8) -> SIMD3<Float> {
        let color = xterm256[Int(index)]
        return SIMD3(Float(color.r), Float(color.g), Float(color.b))
    }
}

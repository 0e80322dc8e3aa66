/// The xterm 256-colour palette and nearest-colour lookups for terminals without direct colour.
///
/// ```swift
/// XtermPalette.nearest256(red: 255, green: 0, blue: 0) // 196
/// ```
public enum XtermPalette {
    /// The six levels of the 6×6×6 colour cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The 16 ANSI colours as xterm draws them.
    static let ansi: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The rgb value of palette entry `index`.
    public static func rgb(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let value = Int(index)
        if value < 16 {
            let color = ansi[value]
            return (UInt8(color.0), UInt8(color.1), UInt8(color.2))
        }
        if value < 232 {
            let cube = value - 16
            return (
                UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6])
            )
        }
        let gray = UInt8(8 + (value - 232) * 10)
        return (gray, gray, gray)
    }

    /// The nearest entry among 16–255 (the cube and the gray ramp, which look the same everywhere).
    public static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let target = (Int(red), Int(green), Int(blue))
        let cube = (nearestLevel(target.0), nearestLevel(target.1), nearestLevel(target.2))
        let cubeIndex = 16 + 36 * cube.0 + 6 * cube.1 + cube.2
        let cubeColor = (cubeLevels[cube.0], cubeLevels[cube.1], cubeLevels[cube.2])
        let average = (target.0 + target.1 + target.2) / 3
        let grayStep = min(23, max(0, (average - 3) / 10))
        let grayLevel = 8 + grayStep * 10
        let grayIndex = 232 + grayStep
        let useGray = distance(target, (grayLevel, grayLevel, grayLevel)) < distance(target, cubeColor)
        return UInt8(useGray ? grayIndex : cubeIndex)
    }

    /// The nearest of the first `count` ANSI colours (8 or 16).
    public static func nearestANSI(red: UInt8, green: UInt8, blue: UInt8, count: Int = 16) -> UInt8 {
        let target = (Int(red), Int(green), Int(blue))
        var best = 0
        var bestDistance = Int.max
        for index in 0..<min(16, max(1, count)) {
            let candidate = distance(target, ansi[index])
            if candidate < bestDistance {
                bestDistance = candidate
                best = index
            }
        }
        return UInt8(best)
    }

    private static func nearestLevel(_ value: Int) -> Int {
        if value < 48 { return 0 }
        if value < 115 { return 1 }
        return min(5, (value - 35) / 40)
    }

    /// "Redmean" weighted distance: cheap and closer to perception than plain RGB.
    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let meanRed = (a.0 + b.0) / 2
        let red = a.0 - b.0
        let green = a.1 - b.1
        let blue = a.2 - b.2
        return (((512 + meanRed) * red * red) >> 8) + 4 * green * green + (((767 - meanRed) * blue * blue) >> 8)
    }
}

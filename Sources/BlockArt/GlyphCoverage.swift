/// How much of each pixel of a cell a glyph's ink covers, approximating a typical
/// terminal font: exact for block elements and sextants, line drawings for box-drawing
/// characters, a flat density for ASCII and anything else.
struct GlyphCoverage {
    let width: Int
    let height: Int

    /// A rectangle in cell units (0…1 across and down).
    private struct Box {
        var x0: Double, y0: Double, x1: Double, y1: Double
    }

    /// Coverage (0…1) of each pixel, row-major, `width × height` of them.
    func mask(for glyph: Unicode.Scalar) -> [Float] {
        let value = glyph.value
        switch value {
        case 0x20: return Array(repeating: 0, count: width * height)
        case 0x2580...0x259F: return blockElement(value)
        case 0x1FB00...0x1FB3B: return sextant(value)
        case 0x2500...0x257F: return boxDrawing(value)
        default:
            if let entry = SymbolSet.asciiRamp.first(where: { $0.glyph == glyph }) {
                return flat(entry.coverage)
            }
            return flat(glyph.isASCII && !glyph.properties.isAlphabetic && !("0"..."9").contains(glyph) ? 0.15 : 0.3)
        }
    }

    private func flat(_ coverage: Float) -> [Float] {
        Array(repeating: coverage, count: width * height)
    }

    /// Area coverage of the union of non-overlapping boxes, times `density`.
    private func boxes(_ boxes: [Box], density: Float = 1) -> [Float] {
        var mask = [Float](repeating: 0, count: width * height)
        let w = Double(width), h = Double(height)
        for box in boxes {
            for y in 0..<height {
                let overlapY = min(box.y1 * h, Double(y + 1)) - max(box.y0 * h, Double(y))
                guard overlapY > 0 else { continue }
                for x in 0..<width {
                    let overlapX = min(box.x1 * w, Double(x + 1)) - max(box.x0 * w, Double(x))
                    guard overlapX > 0 else { continue }
                    mask[y * width + x] = min(1, mask[y * width + x] + Float(overlapX * overlapY) * density)
                }
            }
        }
        return mask
    }

    private func blockElement(_ value: UInt32) -> [Float] {
        switch value {
        case 0x2580: return boxes([Box(x0: 0, y0: 0, x1: 1, y1: 0.5)])
        case 0x2581...0x2588: return boxes([Box(x0: 0, y0: 1 - Double(value - 0x2580) / 8, x1: 1, y1: 1)])
        case 0x2589...0x258F: return boxes([Box(x0: 0, y0: 0, x1: Double(0x2590 - value) / 8, y1: 1)])
        case 0x2590: return boxes([Box(x0: 0.5, y0: 0, x1: 1, y1: 1)])
        case 0x2591...0x2593: return flat(Float(value - 0x2590) / 4)
        case 0x2594: return boxes([Box(x0: 0, y0: 0, x1: 1, y1: 0.125)])
        case 0x2595: return boxes([Box(x0: 0.875, y0: 0, x1: 1, y1: 1)])
        default:
            // Quadrants: pattern bits as in `SymbolSet.quadGlyphs`.
            let pattern = SymbolSet.quadGlyphs.firstIndex(of: Unicode.Scalar(value) ?? " ") ?? 0
            return grid(pattern: pattern, columns: 2, rows: 2)
        }
    }

    private func sextant(_ value: UInt32) -> [Float] {
        var pattern = Int(value - 0x1FB00) + 1
        if pattern >= 21 { pattern += 1 }
        if pattern >= 42 { pattern += 1 }
        return grid(pattern: pattern, columns: 2, rows: 3)
    }

    private func grid(pattern: Int, columns: Int, rows: Int) -> [Float] {
        var parts: [Box] = []
        for row in 0..<rows {
            for column in 0..<columns where pattern & (1 << (row * columns + column)) != 0 {
                parts.append(Box(
                    x0: Double(column) / Double(columns), y0: Double(row) / Double(rows),
                    x1: Double(column + 1) / Double(columns), y1: Double(row + 1) / Double(rows)))
            }
        }
        return boxes(parts)
    }

    /// Arms left, right, up, down for U+2500–U+254F: 0 none, 1 light, 2 heavy.
    private static let arms: [String] = [
        "1100", "2200", "0011", "0022", "1100", "2200", "0011", "0022",
        "1100", "2200", "0011", "0022", "0101", "0201", "0102", "0202",
        "1001", "2001", "1002", "2002", "0110", "0210", "0120", "0220",
        "1010", "2010", "1020", "2020", "0111", "0211", "0121", "0112",
        "0122", "0221", "0212", "0222", "1011", "2011", "1021", "1012",
        "1022", "2021", "2012", "2022", "1101", "2101", "1201", "2201",
        "1102", "2102", "1202", "2202", "1110", "2110", "1210", "2210",
        "1120", "2120", "1220", "2220", "1111", "2111", "1211", "2211",
        "1121", "1112", "1122", "2121", "1221", "2112", "1212", "2221",
        "2212", "2122", "1222", "2222", "1100", "2200", "0011", "0022",
    ]

    /// Arms for U+2574–U+257F (half lines) and the rounded corners U+256D–U+2570.
    private static let halfArms: [UInt32: String] = [
        0x2574: "1000", 0x2575: "0010", 0x2576: "0100", 0x2577: "0001",
        0x2578: "2000", 0x2579: "0020", 0x257A: "0200", 0x257B: "0002",
        0x257C: "1200", 0x257D: "0012", 0x257E: "2100", 0x257F: "0021",
        0x256D: "0101", 0x256E: "1001", 0x256F: "1010", 0x2570: "0110",
        0x2550: "2200", 0x2551: "0022",
    ]

    private func boxDrawing(_ value: UInt32) -> [Float] {
        switch value {
        case 0x2571: return diagonal(rising: true)
        case 0x2572: return diagonal(rising: false)
        case 0x2573:
            return zip(diagonal(rising: true), diagonal(rising: false)).map { min(1, $0 + $1) }
        default:
            let spec: String
            var density: Float = 1
            if value <= 0x254F {
                spec = Self.arms[Int(value - 0x2500)]
                if (0x2504...0x250B).contains(value) || value >= 0x254C { density = 0.6 }
            } else {
                // Other double-line characters: drawn as a light cross.
                spec = Self.halfArms[value] ?? "1111"
            }
            let weights = spec.unicodeScalars.map { Double($0.value - 0x30) }
            // A light line is one pixel of an 8×16 cell; heavy is two.
            let horizontal = 1.0 / 16, vertical = 1.0 / 8
            var parts: [Box] = []
            let (left, right, up, down) = (weights[0], weights[1], weights[2], weights[3])
            if left > 0 { parts.append(Box(x0: 0, y0: 0.5 - left * horizontal / 2, x1: 0.5, y1: 0.5 + left * horizontal / 2)) }
            if right > 0 { parts.append(Box(x0: 0.5, y0: 0.5 - right * horizontal / 2, x1: 1, y1: 0.5 + right * horizontal / 2)) }
            if up > 0 { parts.append(Box(x0: 0.5 - up * vertical / 2, y0: 0, x1: 0.5 + up * vertical / 2, y1: 0.5)) }
            if down > 0 { parts.append(Box(x0: 0.5 - down * vertical / 2, y0: 0.5, x1: 0.5 + down * vertical / 2, y1: 1)) }
            return boxes(parts, density: density)
        }
    }

    /// A one-pixel line corner to corner.
    private func diagonal(rising: Bool) -> [Float] {
        var mask = [Float](repeating: 0, count: width * height)
        let w = Double(width), h = Double(height)
        let length = (w * w + h * h).squareRoot()
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                // Distance from the line through (0,h)–(w,0) or (0,0)–(w,h).
                let distance = rising ? abs(h * px + w * py - w * h) / length : abs(h * px - w * py) / length
                mask[y * width + x] = Float(max(0, 1 - distance))
            }
        }
        return mask
    }
}

import TerminalText
public import TerminalGraphics
import TerminalScreen
public import Vocabulary
/// How a row's thumbnail box looks while its image loads.
public enum PlaceholderStyle: String, Hashable, Sendable, CaseIterable {
    /// A light band sweeping across a gray box.
    case shimmer
    /// A braille spinner with the percentage, centred in a gray box.
    case spinner

    /// The other style (the `p` key).
    public var next: PlaceholderStyle {
        self == .shimmer ? .spinner : .shimmer
    }
}

/// Renders placeholders and the failure box: pure functions of their inputs and the animation frame.
///
/// ```swift
/// let box = Placeholder.shimmer(size: CellSize(columns: 32, rows: 16), frame: 7)
/// ```
public enum Placeholder {
    /// The gray of an empty thumbnail box.
    public static let boxColor = CellColor.rgb(48, 48, 48)
    /// The brightest gray of the shimmer band.
    public static let bandColor = CellColor.rgb(112, 112, 112)
    /// Half the width of the shimmer band, in columns.
    static let bandHalfWidth = 4
    /// Columns the band advances per frame.
    static let bandSpeed = 2

    /// A gray box with a diagonal light band whose position depends only on `frame`.
    ///
    /// With `colors` off, the box is blank and the band is drawn with shade glyphs.
    public static func shimmer(size: CellSize, frame: Int, colors: Bool = true, glyphs: GlyphSet = .unicode)
        -> CellBlock
    {
        var block = CellBlock(size: size, fill: colors ? .blank(background: boxColor) : .blank)
        guard size.columns > 0, size.rows > 0 else { return block }
        let slant = size.rows / 2
        let period = size.columns + slant + 2 * bandHalfWidth + 8
        let center = (max(0, frame) * bandSpeed) % period - bandHalfWidth
        for row in 0..<size.rows {
            // The band leans right: lower rows lag behind.
            let rowCenter = center - (row / 2)
            for column in 0..<size.columns {
                let distance = abs(column - rowCenter)
                guard distance < bandHalfWidth else { continue }
                let intensity = Double(bandHalfWidth - distance) / Double(bandHalfWidth)
                let point = CellPoint(row: row, column: column)
                if colors {
                    block.fill(CellRect(origin: point, size: CellSize(columns: 1, rows: 1)),
                               with: .blank(background: blend(intensity)))
                } else {
                    let index = min(glyphs.shade.count - 1, Int(intensity * Double(glyphs.shade.count)))
                    block.set(glyphs.shade[index], at: point, style: .plain)
                }
            }
        }
        return block
    }

    /// A gray box with a spinner frame and, when known, the percentage, centred.
    public static func spinner(
        size: CellSize, frame: Int, fractionCompleted: Double?, colors: Bool = true, glyphs: GlyphSet = .unicode
    ) -> CellBlock {
        let background: CellColor = colors ? boxColor : .default
        var block = CellBlock(size: size, fill: .blank(background: background))
        guard size.columns > 0, size.rows > 0, !glyphs.spinner.isEmpty else { return block }
        var label = String(glyphs.spinner[max(0, frame) % glyphs.spinner.count])
        if let fractionCompleted {
            // Rounded as the state line rounds (100 only when complete), so box and text agree.
            let fraction = min(1, max(0, fractionCompleted))
            label += " \(fraction >= 1 ? 100 : min(99, Int((fraction * 100).rounded())))%"
        }
        let style = CellStyle(foreground: colors ? .rgb(200, 200, 200) : .default, background: background)
        writeCentered(label, in: &block, row: size.rows / 2, style: style)
        return block
    }

    /// A box with the failure glyph (red) centred and the reason on the line below it.
    public static func failure(size: CellSize, reason: String, colors: Bool = true, glyphs: GlyphSet = .unicode)
        -> CellBlock
    {
        let background: CellColor = colors ? .rgb(40, 28, 28) : .default
        var block = CellBlock(size: size, fill: .blank(background: background))
        guard size.columns > 0, size.rows > 0 else { return block }
        let middle = max(0, (size.rows - 1) / 2)
        let glyphStyle = CellStyle(foreground: colors ? .red : .default, background: background, attributes: .bold)
        writeCentered(String(glyphs.failure), in: &block, row: middle, style: glyphStyle)
        if middle + 1 < size.rows {
            let text = TextTruncation.truncate(
                TextSanitizer.sanitize(reason), toWidth: max(0, size.columns - 2), ellipsis: glyphs.ellipsis)
            let reasonStyle = CellStyle(foreground: colors ? .rgb(220, 150, 150) : .default, background: background)
            writeCentered(text, in: &block, row: middle + 1, style: reasonStyle)
        }
        return block
    }

    /// Writes `text` horizontally centred on `row` (truncated to the block's width).
    static func writeCentered(_ text: String, in block: inout CellBlock, row: Int, style: CellStyle) {
        let fitted = TextTruncation.truncate(text, toWidth: block.size.columns)
        let column = max(0, (block.size.columns - DisplayWidth.of(fitted)) / 2)
        block.write(fitted, at: CellPoint(row: row, column: column), style: style)
    }

    private static func blend(_ intensity: Double) -> CellColor {
        guard case .rgb(let r0, let g0, let b0) = boxColor, case .rgb(let r1, let g1, let b1) = bandColor else {
            return bandColor
        }
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * intensity).rounded())
        }
        return .rgb(mix(r0, r1), mix(g0, g1), mix(b0, b1))
    }
}

import CNcurses
public import TerminalGraphics
public import Vocabulary
#if canImport(Glibc)
import Glibc
import TerminalText
#endif

extension CursesScreen {
    // ncurses attribute bits (NCURSES_BITS(1, n) = 1 << (n + 8)); the macros are not imported.
    private static let underlineBit: attr_t = 1 << 17
    private static let reverseBit: attr_t = 1 << 18
    private static let dimBit: attr_t = 1 << 20
    private static let boldBit: attr_t = 1 << 21

    public func put(_ cells: some Collection<ScreenCell>, at point: CellPoint) {
        guard point.row >= 0, point.row < size.rows else { return }
        var column = point.column
        var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        let renames = images.renamesCells
        for original in cells {
            defer { column += 1 }
            let cell = renames ? images.drawn(original) : original
            if cell.isContinuation || column < 0 { continue }
            if column >= size.columns { break }
            var grapheme = cell.grapheme
            let width = DisplayWidth.of(grapheme)
            if width == 0 { continue }
            if width == 2, column + 1 >= size.columns { grapheme = " " }
            var count = 0
            for scalar in CellGrapheme.scalars(of: grapheme, limit: Int(CCHARW_MAX) - 1) {
                characters[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            characters[count] = 0
            var pair = colorPair(for: cell.style)
            var complex = cchar_t()
            setcchar(&complex, characters, attributes(cell.style.attributes), 0, &pair)
            mvwadd_wch(window, Int32(point.row), Int32(column), &complex)
        }
    }

    private func attributes(_ attributes: CellAttributes) -> attr_t {
        var result: attr_t = 0
        if attributes.contains(.bold) { result |= Self.boldBit }
        if attributes.contains(.dim) { result |= Self.dimBit }
        if attributes.contains(.reverse) { result |= Self.reverseBit }
        if attributes.contains(.underline) { result |= Self.underlineBit }
        return result
    }

    private func colorPair(for style: CellStyle) -> Int32 {
        guard colorCapability != .none else { return 0 }
        let foreground = colorNumber(style.foreground)
        let background = colorNumber(style.background)
        let (pair, isNew) = pairs.pair(foreground: foreground, background: background)
        if isNew { init_extended_pair(pair, foreground, background) }
        return pair
    }

    /// The ncurses colour number for `color` under this terminal's capability (-1: default).
    func colorNumber(_ color: CellColor) -> Int32 {
        // Direct colour is arithmetic: a photo's thousands of colours are not looked up.
        if colorCapability == .truecolor, case .rgb(let red, let green, let blue) = color { return Self.packed(red, green, blue) }
        if let cached = colorNumbers[color] { return cached }
        let number = Self.colorNumber(color, capability: colorCapability)
        colorNumbers[color] = number
        return number
    }

    /// Maps a colour to an ncurses colour number: packed rgb for direct colour, else a palette index.
    static func colorNumber(_ color: CellColor, capability: ColorDepth) -> Int32 {
        switch (color, capability) {
        case (.default, _), (_, .none):
            return -1
        case (.indexed(let index), .truecolor):
            // Direct-colour terminfo treats 0–7 as the ANSI colours and larger values as rgb.
            if index < 8 { return Int32(index) }
            let rgb = XtermPalette.rgb(of: index)
            return packed(rgb.red, rgb.green, rgb.blue)
        case (.rgb(let red, let green, let blue), .truecolor):
            return packed(red, green, blue)
        case (.indexed(let index), .palette256):
            return Int32(index)
        case (.rgb(let red, let green, let blue), .palette256):
            return Int32(XtermPalette.nearest256(red: red, green: green, blue: blue))
        case (.indexed(let index), .ansi16):
            if index < 16 { return Int32(index) }
            let rgb = XtermPalette.rgb(of: index)
            return Int32(XtermPalette.nearestANSI(red: rgb.red, green: rgb.green, blue: rgb.blue))
        case (.rgb(let red, let green, let blue), .ansi16):
            return Int32(XtermPalette.nearestANSI(red: red, green: green, blue: blue))
        }
    }

    private static func packed(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int32 {
        // Values below 8 would be read as ANSI colours: nudge near-black up to 8 (0, 0, 8).
        max(8, Int32(red) << 16 | Int32(green) << 8 | Int32(blue))
    }

    /// Starts colour support and reports what the terminal can show, capped by `limit`.
    static func startColors(limit: ColorDepth?) -> ColorDepth {
        guard limit != ColorDepth.none, has_colors() else { return .none }
        start_color()
        use_default_colors()
        let colors = tigetnum("colors")
        let capability: ColorDepth
        if tigetflag("RGB") > 0 || colors >= 1 << 24 {
            capability = .truecolor
        } else if colors >= 256 {
            capability = .palette256
        } else if colors >= 8 {
            capability = .ansi16
        } else {
            capability = .none
        }
        return min(capability, limit ?? .truecolor)
    }

    /// How many pairs to use: terminfo's `pairs`, capped to what the extended API accepts.
    static func pairCapacity(for capability: ColorDepth) -> Int32 {
        guard capability != .none else { return 0 }
        let pairs = tigetnum("pairs")
        return max(0, min(pairs, 32767) - 1)
    }
}

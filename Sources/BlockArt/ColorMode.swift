/// How many colours the terminal shows, and so how cell colours are expressed.
public enum ColorMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 24-bit colour (`CellColor.rgb`).
    case truecolor
    /// The xterm 6×6×6 cube and 24 grays, indices 16–255 (`CellColor.indexed`).
    /// Indices 0–15 are left out: every terminal themes them differently.
    case palette256 = "256"
    /// The 16 ANSI colours, as xterm shows them.
    case palette16 = "16"
    /// No colour at all: glyphs in the terminal's default colours, chosen by lightness.
    case none

    /// Whether colours are snapped to a palette (and so may be dithered).
    public var isQuantized: Bool { self == .palette256 || self == .palette16 }

    public var description: String { rawValue }
}

/// How quantised modes spread the error of snapping to the palette.
public enum Dithering: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nearest palette colour, no pattern (flat areas stay flat; gradients band).
    case none
    /// A 4×4 Bayer threshold matrix over the cells (and over pixels in `none` colour mode).
    case ordered
    /// Floyd–Steinberg error diffusion in serpentine order.
    case diffusion

    public var description: String { rawValue }
}

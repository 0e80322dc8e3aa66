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

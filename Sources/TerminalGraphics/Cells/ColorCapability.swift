/// How many colours a screen can show.
public enum ColorCapability: Hashable, Sendable, Comparable {
    /// Monochrome: attributes only.
    case none
    /// The 8/16 ANSI colours.
    case ansi16
    /// The xterm 256-colour palette.
    case palette256
    /// 24-bit direct colour.
    case truecolor
}

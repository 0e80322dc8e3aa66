/// A colour a terminal cell can show.
///
/// ```swift
/// let sky = TerminalColor.rgb(135, 206, 235)
/// let gray = TerminalColor.indexed(240)
/// ```
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// An entry of the terminal's 256-colour palette (0–15 are the ANSI colours).
    case indexed(UInt8)
    /// A 24-bit colour; screens without direct colour map it to the nearest palette entry.
    case rgb(UInt8, UInt8, UInt8)
}

extension TerminalColor {
    /// The ANSI red used for errors.
    public static let red = TerminalColor.indexed(1)
    /// The ANSI green.
    public static let green = TerminalColor.indexed(2)
    /// The ANSI yellow.
    public static let yellow = TerminalColor.indexed(3)
    /// A dim gray from the 256-colour ramp.
    public static let gray = TerminalColor.indexed(244)
}

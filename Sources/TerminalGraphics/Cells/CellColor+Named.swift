public import Vocabulary

extension CellColor {
    /// The ANSI red used for errors.
    public static let red = CellColor.indexed(1)
    /// The ANSI green.
    public static let green = CellColor.indexed(2)
    /// The ANSI yellow.
    public static let yellow = CellColor.indexed(3)
    /// A dim gray from the 256-colour ramp.
    public static let gray = CellColor.indexed(244)
}

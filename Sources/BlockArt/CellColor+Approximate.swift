public import Vocabulary

extension CellColor {
    /// The sRGB value a typical terminal shows for this colour (xterm's palette for indices),
    /// or nil for `.default`.
    public var approximateRGB: (r: UInt8, g: UInt8, b: UInt8)? {
        switch self {
        case .default: nil
        case .indexed(let index):
            Palette.xterm256[Int(index)]
        case .rgb(let r, let g, let b): (r, g, b)
        }
    }
}

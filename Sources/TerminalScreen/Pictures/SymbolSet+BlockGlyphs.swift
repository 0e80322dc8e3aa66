public import BlockArt
public import TerminalKit

extension SymbolSet {
    /// The finest symbol set a terminal's font draws: sextants, else quadrants, else half blocks.
    ///
    /// ```swift
    /// SymbolSet.widest(TerminalFamily.urxvt.blockGlyphs)   // .quad
    /// ```
    public static func widest(_ glyphs: TerminalFamily.BlockGlyphs) -> SymbolSet {
        switch glyphs {
        case .sextants: .sextant
        case .quadrants: .quad
        case .halfBlocks: .half
        }
    }

    /// The default symbol set: the finest the terminal's font draws (`glyphs`) in a UTF-8 locale
    /// (`unicode`), else ASCII.
    public static func preferred(unicode: Bool, glyphs: TerminalFamily.BlockGlyphs) -> SymbolSet {
        unicode ? widest(glyphs) : .ascii
    }
}

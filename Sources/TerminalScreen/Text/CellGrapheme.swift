/// What of a grapheme cluster one terminal cell can hold: the base character and the marks
/// that draw on it, nothing that would take columns of its own.
///
/// ncurses keeps one spacing character per cell and a few non-spacing ones after it; an emoji
/// ZWJ sequence (👩‍💻) hands it a second spacing character, which it drops, and the ZWJ was seen
/// leaking into the next cell. So the cell keeps the first emoji of such a sequence (which has
/// the width the layout measured) and its marks, and nothing from the joiner on. Pure.
///
/// ```swift
/// CellGrapheme.scalars(of: "👩‍💻")      // [👩]
/// CellGrapheme.scalars(of: "e\u{301}")  // [e, ◌́]
/// ```
public enum CellGrapheme {
    /// The scalars to put in one cell for `character`, at most `limit`.
    public static func scalars(of character: Character, limit: Int = 4) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in character.unicodeScalars {
            if scalar.value == 0x200D { break }  // zero-width joiner: what follows is another glyph
            if result.isEmpty {
                result.append(scalar)
            } else if isMark(scalar) {
                result.append(scalar)
            } else {
                break  // a second spacing character (a skin tone, a flag's second letter): drop
            }
            if result.count == limit { break }
        }
        return result
    }

    /// Marks that draw on the base: combining marks and variation selectors.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }
}

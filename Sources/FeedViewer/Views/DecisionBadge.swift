public import Sidecars
import TerminalGraphics
public import TerminalScreen
public import Vocabulary

/// A culling decision as a row shows it: the stars (`★★★☆☆`, `***` in ASCII), a pick (`⚑`) or a
/// reject (`✗`), the colour label's swatch in its colour, and a `!` when its sidecar could not
/// be written (the decision is kept, pending). Empty for no decision, so a row without one
/// looks as it always did.
///
/// ```swift
/// DecisionBadge.text(Decision(stars: 3, flag: .picked, label: .red), glyphs: .unicode).plain   // "★★★☆☆ ⚑ ■"
/// DecisionBadge.text(Decision(stars: 3), glyphs: .ascii).plain                                   // "***"
/// ```
public enum DecisionBadge {
    /// The badge; `compact` (a grid's caption) leaves out the stars not given; `unsaved`: the
    /// sidecar's write failed.
    public static func text(
        _ decision: Decision?, unsaved: Bool = false, glyphs: GlyphSet, colors: Bool = true, compact: Bool = false
    ) -> StyledText {
        var line = StyledText()
        guard let decision, !decision.isEmpty || unsaved else { return line }
        func add(_ text: String, _ style: CellStyle) {
            if !line.plain.isEmpty { line.append(" ") }
            line.append(text, style: style)
        }
        if decision.stars > 0 {
            var stars = String(repeating: glyphs.star, count: decision.stars)
            if !compact, let empty = glyphs.noStar {
                stars += String(repeating: empty, count: Decision.maximumStars - decision.stars)
            }
            add(stars, CellStyle(foreground: colors ? .yellow : .default))
        }
        switch decision.flag {
        case .picked: add(String(glyphs.picked), CellStyle(foreground: colors ? .green : .default, attributes: .bold))
        case .rejected: add(String(glyphs.rejected), CellStyle(foreground: colors ? .red : .default, attributes: .bold))
        case .unflagged: break
        }
        if let label = decision.label {
            let swatch = glyphs.swatch.map(String.init) ?? String(label.name.prefix(1)).uppercased()
            add(swatch, CellStyle(foreground: colors ? color(of: label) : .default, attributes: .bold))
        }
        if unsaved { add("!", CellStyle(foreground: colors ? .red : .default, attributes: .bold)) }
        return line
    }

    /// The colour a label is drawn in (a label only another program names: magenta).
    public static func color(of label: ColorLabel) -> CellColor {
        switch label {
        case .red: .red
        case .yellow: .yellow
        case .green: .green
        case .blue: .indexed(4)
        default: .indexed(5)
        }
    }
}

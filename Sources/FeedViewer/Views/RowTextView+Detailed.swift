public import TerminalGraphics
import TerminalScreen
import Vocabulary
/// The taller text column of a list item with a big box (``ListLayout/detailedTextMinimumRows``):
/// what a person wants to know about the photo, one fact a line.
///
/// ```
/// Alejandro Escamilla               Alejandro Escamilla
/// #1084 · 5616×3744                 #1084 · 5616×3744
///
/// memory cache · 180 KB in 3 ms     loading 43% · 120/280 KB
///                                   ▓▓▓▓▓▓▓▓▓▓▓▓▓░░░░░░░░░░░░░░░░░
/// ```
extension RowTextView {
    /// The widest progress bar in the detailed column.
    public static let detailedBarLength = 40

    /// The detailed column as a block `width` wide and `lines` tall.
    public static func renderDetailed(
        _ model: RowViewModel, width: Int, lines: Int, focused: Bool, glyphs: GlyphSet = .unicode, colors: Bool = true
    ) -> CellBlock {
        var block = CellBlock(size: CellSize(columns: width, rows: lines))
        guard width > 0 else { return block }
        let author = TextTruncation.truncate(authorText(model.author), toWidth: width, ellipsis: glyphs.ellipsis)
        block.write(author, at: CellPoint(row: 0, column: 0), style: authorStyle(model, focused: focused))
        let details = TextTruncation.truncate(detailsText(model, glyphs: glyphs), toWidth: width, ellipsis: glyphs.ellipsis)
        block.write(details, at: CellPoint(row: 1, column: 0), style: CellStyle(attributes: .dim))
        // The decision on the line between the details and the state.
        let badge = DecisionBadge.text(model.decision, unsaved: model.decisionUnsaved, glyphs: glyphs, colors: colors)
        if !badge.plain.isEmpty, lines > 2 { block.write(fitted(badge, width: width, glyphs: glyphs), at: CellPoint(row: 2, column: 0)) }
        var stateLines = stateLines(model.state, width: width, glyphs: glyphs)
        if let damage = model.damage, case .loaded = model.state {
            // The damage first: the photo is shown, but not all of it.
            stateLines.insert(StateLine.damaged(damage, glyphs: glyphs), at: 0)
        }
        for (index, line) in stateLines.enumerated() where 3 + index < lines {
            block.write(fitted(line, width: width, glyphs: glyphs), at: CellPoint(row: 3 + index, column: 0))
        }
        return block
    }

    /// The state as up to two lines: the progress with a bar as wide as the column allows; where
    /// the photo came from with its bytes and time; or the failure and the retry hint.
    static func stateLines(_ state: RowDisplayState, width: Int, glyphs: GlyphSet) -> [StyledText] {
        let dim = CellStyle(attributes: .dim)
        switch state {
        case .loading(let completed, let expected?, let resumedFrom) where expected > 0:
            var headline = StyledText("loading \(StateLine.percent(completed, of: expected))%")
            headline.append(glyphs.separator + ByteCountFormat.progress(completed, of: expected), style: dim)
            if let resumedFrom {
                headline.append(glyphs.separator, style: dim)
                headline.append(
                    "resumed at \(StateLine.percent(resumedFrom, of: expected))%", style: CellStyle(foreground: .yellow))
            }
            return [headline, bar(completed, of: expected, length: min(width, detailedBarLength), glyphs: glyphs)]
        case .loaded(let source, let bytes, let duration) where [.memory, .disk, .thumbnail].contains(source):
            // A thumbnail came from the freedesktop.org cache, not photofeed's disk cache.
            let name = switch source {
            case .memory: "memory cache"
            case .disk: "disk cache"
            default: "thumbnail"
            }
            var line = StyledText(name, style: CellStyle(foreground: .green))
            line.append(glyphs.separator + "\(ByteCountFormat.string(bytes)) in \(ByteCountFormat.duration(duration))", style: dim)
            return [line]
        default:
            // Network loads, failures, and loads of unknown size say what the list's state line says.
            return [StateLine.text(for: state, glyphs: glyphs)]
        }
    }

    /// A progress bar `length` cells long, filled cells rounded up (full only when complete).
    static func bar(_ completed: Int64, of expected: Int64, length: Int, glyphs: GlyphSet) -> StyledText {
        guard length > 0 else { return StyledText() }
        let filled: Int
        if completed <= 0 {
            filled = 0
        } else if completed >= expected {
            filled = length
        } else {
            filled = min(length - 1, Int((Double(completed) * Double(length) / Double(expected)).rounded(.up)))
        }
        var line = StyledText(String(repeating: glyphs.barFilled, count: filled), style: CellStyle(foreground: .gray))
        line.append(String(repeating: glyphs.barEmpty, count: length - filled), style: CellStyle(foreground: .gray))
        return line
    }
}

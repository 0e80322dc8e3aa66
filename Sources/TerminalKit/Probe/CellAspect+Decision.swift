public import Vocabulary

/// The cell's proportions decided in one place for the viewer, `photofeed show` and `snapshot`:
/// block art draws every picture with them, so a square photo comes out square.
///
/// What wins, first to last:
/// 1. `--cell-aspect W:H` (or the config file's `cell-aspect`): the user said so;
/// 2. the cell size the terminal reported: `CSI 16 t`, else its `CSI 14 t` text area divided by
///    the grid (inside tmux both come from the outer terminal, through passthrough);
/// 3. the window size the kernel holds (`TIOCGWINSZ`'s pixels divided by its rows and columns);
/// 4. what the terminal's family is known to have (the Linux console's 8×16 font);
/// 5. ``CellAspect/standard``, 1:2.
///
/// A size outside ``TerminalReplies``' believed ranges never gets this far (it is ignored and
/// listed by `--probe`); a believed size whose shape is not a font's (2×200 pixels) is passed
/// over here, and the source says so.
///
/// ```swift
/// let decision = CellAspect.decide(flag: nil, replies: replies)   // replies heard "CSI 6;19;8 t"
/// decision.aspect    // 8:19
/// decision.source    // "CSI 16 t: cell 8×19 px"
/// ```
extension CellAspect {
    /// An aspect and where it came from.
    public struct Decision: Hashable, Sendable {
        /// The proportions block art draws with.
        public var aspect: CellAspect
        /// Where they came from, for `--probe` and the help screen.
        public var source: String

        /// A decision.
        public init(aspect: CellAspect, source: String) {
            self.aspect = aspect
            self.source = source
        }

        /// The default, said so: nothing told otherwise.
        public static let standard = Decision(aspect: .standard, source: "default: no cell size reported")
    }

    /// Decides the aspect (see the order above). `flag`: `--cell-aspect`, with the name it came
    /// by (`--cell-aspect`, `config cell-aspect`); `replies`: what the terminal answered, with
    /// the window size the probe read (nil: no terminal asked); `window`: a cell size from the
    /// window size read apart from the replies (`show` with nothing left to ask);
    /// `family`: the terminal's, for what it is known to have.
    public static func decide(
        flag: (aspect: CellAspect, name: String)?, replies: TerminalReplies?, window: PixelSize? = nil,
        family: TerminalFamily? = nil
    ) -> Decision {
        if let flag { return Decision(aspect: flag.aspect, source: flag.name) }
        var passedOver: [String] = []
        func consider(_ cell: PixelSize?, _ name: String) -> Decision? {
            guard let cell else { return nil }
            if let aspect = CellAspect(cell: cell) {
                return Decision(aspect: aspect, source: "\(name): cell \(cell.width)×\(cell.height) px")
            }
            passedOver.append("\(name) said cell \(cell.width)×\(cell.height) px, not a font's shape")
            return nil
        }
        let reported: String = switch replies?.cellPixelsSource {
        case .textArea: "CSI 14 t ÷ grid"
        default: "CSI 16 t"
        }
        if let decision = consider(replies?.cellPixels, reported) ?? consider(replies?.windowCellPixels ?? window, "TIOCGWINSZ")
            ?? consider(family?.assumedCellPixels, family.map { "\($0.displayName)'s font" } ?? "")
        {
            return decision
        }
        let reasons = passedOver + (replies?.rejectedGeometry.map { "\($0) out of bounds" } ?? [])
        guard !reasons.isEmpty else { return .standard }
        return Decision(aspect: .standard, source: "default: \(reasons.joined(separator: "; "))")
    }
}

import TerminalGraphics
public import TerminalScreen
public import Vocabulary

/// A picture's cross-fade from its placeholder: when it started, and how far along it is at a time.
///
/// Pure: the model keeps the start (the time of the load's success), the view asks for the
/// blended picture at the frame's time, and the runtime asks when the next step is due. The
/// fade shows ``steps`` blended steps over ``duration`` (a sixth of the way, two sixths, …),
/// then the picture as it is; its first step already blends the picture in, so the frame in
/// which a load succeeds draws the picture's cells, never the placeholder again.
///
/// Each cell's foreground and background go from the placeholder's gray toward the picture's
/// colour: 24-bit colours blend as they are; 256-colour block art (the xterm cube and gray
/// ramp) blends in RGB and takes the nearest entry of the cube and ramp at each step, so the
/// fade shows in coarser steps. The 16 ANSI colours (each terminal's own), default colours and
/// pixel pictures (kitty, sixel, iTerm2: re-sending pixels every step is not cheap, and
/// kitty's placeholder cells name their image by colour) are shown as they are.
///
/// ```swift
/// let fade = PictureFade(start: model.now)
/// let shown = fade.blend(picture, at: now)      // a sixth of the way at `start`, the picture itself at the end
/// let wake = fade.nextDeadline(after: now)      // nil once it is done
/// ```
public struct PictureFade: Hashable, Sendable {
    /// How long a fade takes: long enough to see, short enough not to wait for.
    public static let duration = Duration.milliseconds(200)
    /// Blended steps in a fade (one frame each: 25 frames a second).
    public static let steps = 5
    /// The time each step shows.
    public static var stepInterval: Duration { duration / steps }
    /// The colour the fade starts from: the placeholder's box.
    public static let sourceColor = Placeholder.boxColor

    /// When the fade started (the message time of the load's success).
    public var start: Duration

    /// Creates a fade starting at `start`.
    public init(start: Duration) {
        self.start = start
    }

    /// The step shown at `now`: 0 up to and including `start`, ``steps`` (the picture as it is)
    /// from `start + duration` on.
    public func step(at now: Duration) -> Int {
        guard now > start else { return 0 }
        return min(Self.steps, Int(((now - start) / Self.stepInterval).rounded(.down)))
    }

    /// How far toward the picture the colours are at `now`: 1/(``steps`` + 1) at the start,
    /// rising each step, 1 from `start + duration` on.
    public func fraction(at now: Duration) -> Double {
        Double(step(at: now) + 1) / Double(Self.steps + 1)
    }

    /// Whether the picture shows as it is at `now` (from `start + duration` on).
    public func isFinished(at now: Duration) -> Bool { step(at: now) == Self.steps }

    /// When the next step is due after `now` (the last at `start + duration`), or nil when the fade is done.
    public func nextDeadline(after now: Duration) -> Duration? {
        guard !isFinished(at: now) else { return nil }
        return start + Self.stepInterval * (step(at: now) + 1)
    }

    /// `picture` as it shows at `now`: its 24-bit and 256-colour cells blended from the placeholder's.
    public func blend(_ picture: Picture, at now: Duration) -> Picture {
        guard picture.image == nil, !isFinished(at: now) else { return picture }
        let fraction = fraction(at: now)
        var blended = picture
        blended.cells.updateStyles { style in
            style.foreground = Self.mix(Self.sourceColor, style.foreground, fraction)
            style.background = Self.mix(Self.sourceColor, style.background, fraction)
        }
        return blended
    }

    /// `fraction` of the way from `from` to `to`: 24-bit when `to` is, the nearest entry of the
    /// xterm cube and gray ramp when `to` is one (indices 16–255); otherwise (`to` an ANSI
    /// colour or the default, or `from` one) `to`.
    public static func mix(_ from: CellColor, _ to: CellColor, _ fraction: Double) -> CellColor {
        guard let start = rgb(of: from), let end = rgb(of: to) else { return to }
        let f = min(1, max(0, fraction))
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded())
        }
        let mixed = (channel(start.red, end.red), channel(start.green, end.green), channel(start.blue, end.blue))
        if case .indexed = to {
            return .indexed(XtermPalette.nearest256(red: mixed.0, green: mixed.1, blue: mixed.2))
        }
        return .rgb(mixed.0, mixed.1, mixed.2)
    }

    /// The RGB a colour blends by: its own when 24-bit, xterm's for the cube and the gray ramp;
    /// nil for the ANSI colours (each terminal has its own) and the default.
    private static func rgb(of color: CellColor) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        switch color {
        case .rgb(let red, let green, let blue): (red, green, blue)
        case .indexed(let index) where index >= 16: XtermPalette.rgb(of: index)
        case .indexed, .default: nil
        }
    }
}

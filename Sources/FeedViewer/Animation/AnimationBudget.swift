/// The global frame budget: how many animation frames a second the viewer shows in all.
///
/// Each animation asks for the frames its file says (one every frame duration). When all the
/// visible ones together ask for more than the budget, every animation slows down by the same
/// factor (each frame stays longer on screen) instead of some stopping or frames being
/// dropped (a dropped GIF frame still has to be decoded: the next is drawn over it). Block art
/// costs little per frame; a pixel frame is a new picture sent to the terminal, so its budget
/// is smaller.
///
/// ```swift
/// let budget = AnimationBudget(framesPerSecond: 120)
/// budget.slowdown(for: [.milliseconds(40), .milliseconds(40)])   // 1: 50 frames/s asked
/// ```
public struct AnimationBudget: Sendable, Hashable {
    /// Frames a second for block art.
    public static let blockArt = AnimationBudget(framesPerSecond: 120)
    /// Frames a second for pixel pictures (kitty, sixel, iTerm2).
    public static let pixels = AnimationBudget(framesPerSecond: 40)
    /// The shortest frame time counted: a file asking for less is counted at this.
    public static let shortestFrame = Duration.milliseconds(20)

    /// Frames a second, all animations together.
    public var framesPerSecond: Double

    /// A budget of `framesPerSecond` (at least 1).
    public init(framesPerSecond: Double) {
        self.framesPerSecond = max(1, framesPerSecond)
    }

    /// The frames a second animations showing frames of `durations` ask for.
    public static func demand(of durations: [Duration]) -> Double {
        durations.reduce(0) { sum, duration in sum + 1 / max(duration, shortestFrame).seconds }
    }

    /// How many times longer every frame stays: 1 within the budget, demand ÷ budget beyond it.
    public func slowdown(for durations: [Duration]) -> Double {
        max(1, Self.demand(of: durations) / framesPerSecond)
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

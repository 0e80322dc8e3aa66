/// Reads and changes the embedded server's shaping live (the `n` panel).
public protocol NetworkControlling: Sendable {
    /// The knobs in force now.
    var knobs: ShapingKnobs { get }
    /// Applies new knobs; returns what is now in force.
    func update(_ knobs: ShapingKnobs) -> ShapingKnobs
}

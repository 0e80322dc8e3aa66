/// What a photographer decided about one photo while culling: stars, a flag, a colour label.
///
/// The keys that make one (issue 52, Lightroom's): `1`–`5` stars and `0` none; `p` pick, `x`
/// reject, `u` neither; `6`–`9` the labels red, yellow, green and blue (``ColorLabel/keyed``).
///
/// A rejected photo's stars are not kept in its sidecar: it is written `xmp:Rating -1`, as
/// Bridge and darktable write a reject (``XMPDecisionMapping``).
///
/// ```swift
/// var decision = Decision()
/// decision.stars = 3
/// decision.flag = .picked
/// decision.label = .green
/// ```
public struct Decision: Hashable, Sendable {
    /// Picked, rejected, or neither.
    public enum Flag: Hashable, Sendable, CaseIterable {
        case unflagged
        case picked
        case rejected
    }

    /// The most stars a photo can have.
    public static let maximumStars = 5

    /// 0 (none) to 5; kept within that range.
    public var stars: Int {
        didSet { stars = Self.clamped(stars) }
    }
    /// Picked, rejected, or neither.
    public var flag: Flag
    /// The colour label, or nil for none.
    public var label: ColorLabel?

    /// A decision; `stars` is kept within 0...5.
    public init(stars: Int = 0, flag: Flag = .unflagged, label: ColorLabel? = nil) {
        self.stars = Self.clamped(stars)
        self.flag = flag
        self.label = label
    }

    /// No stars, no flag, no label: what a photo with no sidecar has.
    public var isEmpty: Bool { stars == 0 && flag == .unflagged && label == nil }

    static func clamped(_ stars: Int) -> Int { min(max(stars, 0), maximumStars) }
}

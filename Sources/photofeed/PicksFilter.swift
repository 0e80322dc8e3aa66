import Sidecars

/// Which decisions `photofeed picks` chooses: the viewer's ``DecisionFilter`` (picked with
/// `--picks`, rejected with `--rejected`, either when both are asked, narrowed by
/// `--min-rating N` and `--label COLOR`), except that with none of them, the picked photos.
///
/// A rejected photo has no stars (its sidecar says `xmp:Rating -1`), so `--min-rating`, even
/// 0, never chooses one; a photo with no sidecar has an empty decision.
///
/// ```swift
/// PicksFilter(minRating: 3).matches(Decision(stars: 4))            // true
/// PicksFilter().matches(Decision(stars: 5))                        // false: not picked
/// PicksFilter(label: .red, picks: true).matches(Decision(flag: .picked, label: .red))   // true
/// ```
struct PicksFilter: Hashable, Sendable {
    /// At least this many stars (0–5), and not rejected.
    var minRating: Int?
    /// This colour label (its name compared without case).
    var label: ColorLabel?
    /// Picked photos (`--picks`).
    var picks = false
    /// Rejected photos (`--rejected`).
    var rejected = false

    /// The decision filter the flags say; with none, the picks.
    var decisionFilter: DecisionFilter {
        let filter = DecisionFilter(minRating: minRating, label: label, picks: picks, rejected: rejected)
        return filter.isEmpty ? DecisionFilter(picks: true) : filter
    }

    /// Whether `decision` is chosen.
    func matches(_ decision: Decision) -> Bool { decisionFilter.matches(decision) }
}

import Sidecars

/// Which decisions `photofeed picks` chooses: picked (`--picks`) or rejected (`--rejected`)
/// photos, either when both are asked, narrowed by stars (`--min-rating N`) and a colour label
/// (`--label COLOR`); with none of them, the picked photos.
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

    /// Whether `decision` is chosen.
    func matches(_ decision: Decision) -> Bool {
        let flags = picks || rejected || (minRating == nil && label == nil) ? flagsWanted : nil
        if let flags, !flags.contains(decision.flag) { return false }
        if let minRating, decision.flag == .rejected || decision.stars < minRating { return false }
        if let label, decision.label?.name.lowercased() != label.name.lowercased() { return false }
        return true
    }

    /// The flags chosen: those asked for, else picked alone.
    private var flagsWanted: Set<Decision.Flag> {
        var flags = Set<Decision.Flag>()
        if picks { flags.insert(.picked) }
        if rejected { flags.insert(.rejected) }
        return flags.isEmpty ? [.picked] : flags
    }
}

public import Sidecars

/// One culling key's change to a photo's ``Decision`` (Lightroom's keys: `1`–`5` and `0` stars,
/// `p` pick, `x` reject, `u` neither, `6`–`9` a colour label, the same label again none).
///
/// An edit, not a whole decision: made while the photo's sidecar is still being read, it is
/// applied to what the read finds (the label key toggles the label the sidecar has).
///
/// ```swift
/// DecisionEdit.stars(3).applied(to: Decision())                       // 3 stars
/// DecisionEdit.toggleLabel(.red).applied(to: Decision(label: .red))   // no label
/// ```
public enum DecisionEdit: Hashable, Sendable {
    /// 0 (none) to 5 stars.
    case stars(Int)
    /// Picked, rejected, or neither.
    case flag(Decision.Flag)
    /// This label, or none when the photo has it already.
    case toggleLabel(ColorLabel)
    /// This whole decision (an undo).
    case replace(Decision)

    /// `decision` with this edit made.
    public func applied(to decision: Decision) -> Decision {
        var result = decision
        switch self {
        case .stars(let stars): result.stars = stars
        case .flag(let flag): result.flag = flag
        case .toggleLabel(let label): result.label = decision.label == label ? nil : label
        case .replace(let whole): result = whole
        }
        return result
    }
}

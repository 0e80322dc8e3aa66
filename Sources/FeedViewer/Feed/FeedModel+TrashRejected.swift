import Sidecars
import Vocabulary

/// `X`: the rejected photos to the Trash in one move, after asking, through the Trash's own
/// question and effect (``ActionsModel``: each file's identity checked right before it moves,
/// both files of a RAW+JPEG shot); `z` puts them all back, one step of ``UndoHistory``.
extension FeedModel {
    /// `X`: asks "Move 14 rejected photos to the Trash?" over every photo of the feed whose
    /// sidecar is read and says rejected; the photos whose sidecars are not read yet are not
    /// among them, and the question says how many those are.
    mutating func trashRejected() -> [FeedEffect] {
        let feedOrder = items.feedOrder
        let rejected = feedOrder.filter { knownDecision(of: $0)?.flag == .rejected }
        let unread = feedOrder.count { knownDecision(of: $0) == nil && photo($0)?.filePath != nil }
        let caveat = unread == 0 ? "" : " (\(unread) photo\(unread == 1 ? "'s sidecar is" : "s' sidecars are") not read yet: F reads them)"
        guard !rejected.isEmpty else {
            note("no rejected photo to move to the Trash\(caveat)")
            return []
        }
        let effects = update(actions: .askToTrash(rejected, items: items, feedName: feedName))
        if confirmation != nil {
            let what = rejected.count == 1 ? "1 rejected photo" : "\(rejected.count) rejected photos"
            let them = rejected.count == 1 ? "it" : "them"
            message = "Move \(what) to the Trash\(caveat)? y moves \(them), any other key keeps \(them)"
        }
        return effects
    }
}

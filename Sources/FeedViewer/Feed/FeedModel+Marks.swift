import Vocabulary

/// Marks (`t`, `T`, Esc): the photos `y`, `s`, `o` and `D` act on when any are marked, in the
/// list's order; with none marked, they act on the focused photo.
extension FeedModel {
    /// The photos an action applies to: the marked ones the list shows (a filter hides the
    /// others: an action never reaches a photo out of sight), else the focused one.
    var actionTargets: [PhotoKey] { actions.targets(in: listing) }

    /// `t`: marks or unmarks the focused photo, then moves to the next.
    mutating func toggleMark() -> [FeedEffect] {
        guard let key = focusedKey else { return [] }
        actions.toggleMark(key)
        note(actions.marksNote)
        return apply(listing.list.moveFocus(by: 1))
    }

    /// `T`: every photo of the list marked that was not, and unmarked that was.
    mutating func invertMarks() {
        actions.invertMarks(among: keys)
        note(actions.marksNote)
    }

    /// Esc with marks: they are cleared (the next Esc quits).
    mutating func clearMarks() {
        actions.clearMarks()
        note("marks cleared")
    }
}

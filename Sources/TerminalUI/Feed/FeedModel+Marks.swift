import Vocabulary

/// Marks (`t`, `T`, Esc): the photos `y`, `s`, `o` and `D` act on when any are marked, in the
/// list's order; with none marked, they act on the focused photo.
extension FeedModel {
    /// The photos an action applies to: the marked ones the list shows (a filter hides the
    /// others: an action never reaches a photo out of sight), else the focused one.
    var actionTargets: [PhotoKey] {
        let shown = marks.filter { positions[$0] != nil }
        guard !shown.isEmpty else { return focusedKey.map { [$0] } ?? [] }
        return shown.sorted { positions[$0]! < positions[$1]! }
    }

    /// `t`: marks or unmarks the focused photo, then moves to the next.
    mutating func toggleMark() -> [FeedEffect] {
        guard let key = focusedKey else { return [] }
        if marks.remove(key) == nil { marks.insert(key) }
        noteMarks()
        return apply(list.moveFocus(by: 1))
    }

    /// `T`: every photo of the list marked that was not, and unmarked that was.
    mutating func invertMarks() {
        marks = Set(keys).subtracting(marks)
        noteMarks()
    }

    /// Esc with marks: they are cleared (the next Esc quits).
    mutating func clearMarks() {
        marks = []
        note("marks cleared")
    }

    private mutating func noteMarks() {
        note(marks.isEmpty ? "no photo marked" : "\(marks.count) marked (y s o D act on them; Esc clears)")
    }
}

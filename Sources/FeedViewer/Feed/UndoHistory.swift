import Sidecars
import Vocabulary

/// What the undo key (`z`) takes back, newest first: the decisions a culling key changed, and
/// the last Trash move, in one history.
///
/// Only the last Trash move can be put back (the actions keep its files), so an older one
/// leaves the history when a newer one joins it. The history is bounded.
///
/// ```swift
/// var history = UndoHistory()
/// history.push(.decisions([key: Decision()]))
/// history.push(.trash)
/// history.pop()   // .trash, then the decisions
/// ```
struct UndoHistory: Sendable {
    /// One step the undo key takes back.
    enum Step: Hashable, Sendable {
        /// The decisions of these photos as they were before a key.
        case decisions([PhotoKey: Decision])
        /// The last Trash move.
        case trash
    }

    /// The most steps kept.
    static let limit = 200

    private(set) var steps: [Step] = []

    /// Keeps `step` as the newest (a Trash move replaces the older one).
    mutating func push(_ step: Step) {
        if step == .trash { steps.removeAll { $0 == .trash } }
        steps.append(step)
        if steps.count > Self.limit { steps.removeFirst(steps.count - Self.limit) }
    }

    /// The newest step, taken out (nil: nothing to take back).
    mutating func pop() -> Step? { steps.popLast() }

    /// The Trash move can no longer be put back (its files came back).
    mutating func forgetTrash() { steps.removeAll { $0 == .trash } }
}

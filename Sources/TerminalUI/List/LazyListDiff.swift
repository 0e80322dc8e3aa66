/// What changed in a ``LazyList`` after one operation.
///
/// Row numbers are sorted ascending. The four lists are plain set differences
/// of the visible rows and of the prefetch window, so a row can be in two of
/// them (a prefetched row that scrolls into view is in ``appeared`` and in
/// ``leftPrefetch``). ``transitions`` gives each touched row's old and new role,
/// which is what a row loader acts on.
public struct LazyListDiff: Hashable, Sendable {
    /// Rows now visible that were not before.
    public var appeared: [Int]
    /// Rows visible before and not now.
    public var disappeared: [Int]
    /// Rows now in the prefetch window that were not before.
    public var enteredPrefetch: [Int]
    /// Rows in the prefetch window before and not now.
    public var leftPrefetch: [Int]
    /// The focused row before the change.
    public var oldFocus: Int?
    /// The focused row after the change.
    public var newFocus: Int?
    /// Whether the top row changed, so every visible row moved on screen.
    public var scrolled: Bool

    /// Whether nothing a loader or the screen cares about changed.
    public var isEmpty: Bool {
        appeared.isEmpty && disappeared.isEmpty && enteredPrefetch.isEmpty && leftPrefetch.isEmpty
            && oldFocus == newFocus && !scrolled
    }

    /// Whether the focus moved to another row.
    public var focusChanged: Bool { oldFocus != newFocus }

    /// Computes the difference between two states of a list.
    public init(from old: LazyList, to new: LazyList) {
        let oldVisible = old.visibleRows
        let newVisible = new.visibleRows
        let oldPrefetch = old.prefetchRows
        let newPrefetch = new.prefetchRows
        appeared = newVisible.filter { !oldVisible.contains($0) }
        disappeared = oldVisible.filter { !newVisible.contains($0) }
        enteredPrefetch = newPrefetch.filter { !oldPrefetch.contains($0) }
        leftPrefetch = oldPrefetch.filter { !newPrefetch.contains($0) }
        oldFocus = old.focus
        newFocus = new.focus
        scrolled = old.firstRow != new.firstRow || old.rowHeight != new.rowHeight
    }

    /// The role a row plays for loading.
    public enum Role: Hashable, Sendable {
        /// Neither visible nor prefetched: nothing should load for it.
        case offscreen
        /// Ahead of the viewport: load at low priority.
        case prefetch
        /// On screen: load at high priority.
        case visible
    }

    /// A row whose role changed.
    public struct Transition: Hashable, Sendable {
        /// The row.
        public var row: Int
        /// Its role before.
        public var from: Role
        /// Its role now.
        public var to: Role
    }

    /// Every row whose role changed, sorted by row.
    public var transitions: [Transition] {
        let touched = Set(appeared + disappeared + enteredPrefetch + leftPrefetch)
        return touched.sorted().compactMap { row in
            let from: Role =
                disappeared.contains(row) ? .visible
                : leftPrefetch.contains(row) ? .prefetch : .offscreen
            let to: Role =
                appeared.contains(row) ? .visible
                : enteredPrefetch.contains(row) ? .prefetch : .offscreen
            return from == to ? nil : Transition(row: row, from: from, to: to)
        }
    }
}

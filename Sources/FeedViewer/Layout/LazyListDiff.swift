/// What changed in a ``LazyList`` after one operation.
///
/// Item numbers are sorted ascending. The four lists are plain set differences
/// of the visible items and of the prefetch window, so an item can be in two
/// of them (a prefetched item that scrolls into view is in ``appeared`` and in
/// ``leftPrefetch``). ``transitions`` gives each touched item's old and new role,
/// which is what a loader acts on.
public struct LazyListDiff: Hashable, Sendable {
    /// Rows now visible that were not before.
    public var appeared: [Int]
    /// Rows visible before and not now.
    public var disappeared: [Int]
    /// Rows now in the prefetch window that were not before.
    public var enteredPrefetch: [Int]
    /// Rows in the prefetch window before and not now.
    public var leftPrefetch: [Int]
    /// The focused item before the change.
    public var oldFocus: Int?
    /// The focused item after the change.
    public var newFocus: Int?
    /// Whether the top line (or the geometry) changed, so every visible item moved on screen.
    public var scrolled: Bool

    /// Whether nothing a loader or the screen cares about changed.
    public var isEmpty: Bool {
        appeared.isEmpty && disappeared.isEmpty && enteredPrefetch.isEmpty && leftPrefetch.isEmpty
            && oldFocus == newFocus && !scrolled
    }

    /// Whether the focus moved to another item.
    public var focusChanged: Bool { oldFocus != newFocus }

    /// Computes the difference between two states of a list.
    public init(from old: LazyList, to new: LazyList) {
        let oldVisible = old.visibleItems
        let newVisible = new.visibleItems
        let oldPrefetch = old.prefetchItems
        let newPrefetch = new.prefetchItems
        appeared = newVisible.filter { !oldVisible.contains($0) }
        disappeared = oldVisible.filter { !newVisible.contains($0) }
        enteredPrefetch = newPrefetch.filter { !oldPrefetch.contains($0) }
        leftPrefetch = oldPrefetch.filter { !newPrefetch.contains($0) }
        oldFocus = old.focus
        newFocus = new.focus
        scrolled = old.firstLine != new.firstLine || old.lineHeight != new.lineHeight || old.columns != new.columns
    }

    /// The role an item plays for loading.
    public enum Role: Hashable, Sendable {
        /// Neither visible nor prefetched: nothing should load for it.
        case offscreen
        /// Ahead of the viewport: load at low priority.
        case prefetch
        /// On screen: load at high priority.
        case visible
    }

    /// An item whose role changed.
    public struct Transition: Hashable, Sendable {
        /// The item.
        public var item: Int
        /// Its role before.
        public var from: Role
        /// Its role now.
        public var to: Role
    }

    /// Every item whose role changed, sorted by item.
    public var transitions: [Transition] {
        let touched = Set(appeared + disappeared + enteredPrefetch + leftPrefetch)
        return touched.sorted().compactMap { row in
            let from: Role =
                disappeared.contains(row) ? .visible
                : leftPrefetch.contains(row) ? .prefetch : .offscreen
            let to: Role =
                appeared.contains(row) ? .visible
                : enteredPrefetch.contains(row) ? .prefetch : .offscreen
            return from == to ? nil : Transition(item: row, from: from, to: to)
        }
    }
}

public import ImageLoading

/// Turns list changes into loader actions: the pure heart of the item loaders.
///
/// Appear → start at high priority (or raise a running prefetch). Enter the
/// prefetch window → start at low priority. Leave the screen → cancel, lower
/// the priority, or keep, per ``DisappearPolicy``. Re-appear after a cancel →
/// start again (the pipeline resumes from the kept bytes). A loaded item that
/// leaves the screen and the prefetch window lets its image go (the memory cache
/// keeps it; re-appearing loads it again from there, like `LazyImage`). A failed
/// item keeps its failure and is not restarted until ``reset(_:isVisible:)``.
///
/// Generic over what names an item: list positions in tests, photo keys in the viewer.
///
/// ```swift
/// var planner = RowLoadPlanner<Int>(policy: .cancel)
/// for action in planner.plan(list.scroll(by: 1)) { perform(action) }
/// ```
public struct RowLoadPlanner<Item: Hashable & Sendable>: Hashable, Sendable {
    /// One thing to do to an item's loader.
    public enum Action: Hashable, Sendable {
        /// Start (or restart, resuming) the item's load at a priority.
        case start(Item, priority: ImageRequest.Priority)
        /// Change the priority of the item's running load.
        case setPriority(Item, priority: ImageRequest.Priority)
        /// Cancel the item's load.
        case cancel(Item)
        /// Forget the item's loaded image (it left the screen); the next appearance loads it again.
        case release(Item)
    }

    /// An item whose role changed.
    public struct Transition: Hashable, Sendable {
        /// The item.
        public var item: Item
        /// Its role before.
        public var from: LazyListDiff.Role
        /// Its role now.
        public var to: LazyListDiff.Role

        /// Creates a transition.
        public init(item: Item, from: LazyListDiff.Role, to: LazyListDiff.Role) {
            self.item = item
            self.from = from
            self.to = to
        }
    }

    /// Priority of rows on screen.
    public static var visiblePriority: ImageRequest.Priority { .high }
    /// Priority of rows in the prefetch window.
    public static var prefetchPriority: ImageRequest.Priority { .low }
    /// Priority of rows kept loading off screen under ``DisappearPolicy/lowerPriority``.
    public static var backgroundPriority: ImageRequest.Priority { .veryLow }

    /// What to do with loads of rows that leave the screen.
    public var policy: DisappearPolicy
    /// Items with a started, unfinished load, and its priority.
    public private(set) var running: [Item: ImageRequest.Priority] = [:]
    /// Items whose load succeeded or failed.
    public var finished: Set<Item> { loaded.union(failed) }
    /// Items showing their loaded image.
    public private(set) var loaded: Set<Item> = []
    /// Items showing a failure.
    public private(set) var failed: Set<Item> = []

    /// Creates a planner with no loads.
    public init(policy: DisappearPolicy = .cancel) {
        self.policy = policy
    }

    /// The actions for items whose roles changed: cancellations and releases first (freeing
    /// slots and memory), then priority changes, then starts, the most urgent first.
    public mutating func plan(_ transitions: [Transition]) -> [Action] {
        var cancels: [Action] = []
        var priorities: [Action] = []
        var starts: [Action] = []
        for transition in transitions {
            let item = transition.item
            switch transition.to {
            case .visible:
                want(item, Self.visiblePriority, &priorities, &starts)
            case .prefetch where transition.from == .visible:
                if running[item] != nil { change(item, to: Self.prefetchPriority, &priorities) }
            case .prefetch:
                want(item, Self.prefetchPriority, &priorities, &starts)
            case .offscreen:
                leave(item, &cancels, &priorities)
            }
        }
        let highFirst = starts.sorted { priority(of: $0) > priority(of: $1) }
        return cancels + priorities + highFirst
    }

    /// Records that an item's load ended: a loaded item is released when it leaves the screen,
    /// a failed one stays failed (scrolling does not retry it).
    public mutating func markFinished(_ item: Item, failed isFailure: Bool = false) {
        running[item] = nil
        if isFailure {
            failed.insert(item)
            loaded.remove(item)
        } else {
            loaded.insert(item)
            failed.remove(item)
        }
    }

    /// Records that an item's load was replaced by one the caller started itself (at `priority`).
    public mutating func markRunning(_ item: Item, priority: ImageRequest.Priority) {
        running[item] = priority
    }

    /// Lets a loaded item's image go when it is out of the screen and the prefetch window
    /// (a `keep` or `lower-priority` load that finished off screen): a release, or nothing.
    public mutating func releaseIfUnwanted(_ item: Item, isWanted: Bool) -> [Action] {
        guard loaded.contains(item), !isWanted else { return [] }
        loaded.remove(item)
        return [.release(item)]
    }

    /// Forgets everything about an item that left the feed (its load was cancelled or released).
    public mutating func forget(_ item: Item) {
        running[item] = nil
        loaded.remove(item)
        failed.remove(item)
    }

    /// Forgets an item's finished load (retry, reload, caches cleared); returns a start when it is on screen.
    public mutating func reset(_ item: Item, isVisible: Bool) -> [Action] {
        loaded.remove(item)
        failed.remove(item)
        guard isVisible, running[item] == nil else { return [] }
        running[item] = Self.visiblePriority
        return [.start(item, priority: Self.visiblePriority)]
    }

    private mutating func want(
        _ row: Item, _ priority: ImageRequest.Priority, _ priorities: inout [Action], _ starts: inout [Action]
    ) {
        if loaded.contains(row) || failed.contains(row) { return }
        if running[row] != nil {
            change(row, to: priority, &priorities)
        } else {
            running[row] = priority
            starts.append(.start(row, priority: priority))
        }
    }

    private mutating func leave(_ row: Item, _ cancels: inout [Action], _ priorities: inout [Action]) {
        if loaded.remove(row) != nil {
            cancels.append(.release(row))
            return
        }
        guard running[row] != nil else { return }
        switch policy {
        case .cancel:
            running[row] = nil
            cancels.append(.cancel(row))
        case .lowerPriority:
            change(row, to: Self.backgroundPriority, &priorities)
        case .keep:
            break
        }
    }

    private mutating func change(_ row: Item, to priority: ImageRequest.Priority, _ priorities: inout [Action]) {
        guard running[row] != priority else { return }
        running[row] = priority
        priorities.append(.setPriority(row, priority: priority))
    }

    private func priority(of action: Action) -> ImageRequest.Priority {
        if case .start(_, let priority) = action { return priority }
        return .normal
    }
}

extension RowLoadPlanner where Item == Int {
    /// The actions for one list change, items named by list position.
    public mutating func plan(_ diff: LazyListDiff) -> [Action] {
        plan(diff.transitions.map { Transition(item: $0.item, from: $0.from, to: $0.to) })
    }

    /// The actions for a list shown for the first time: its visible and prefetch items start.
    public mutating func planInitial(_ list: LazyList) -> [Action] {
        plan(LazyListDiff(from: list.emptied, to: list))
    }
}

extension LazyList {
    /// The same list with no items: diffing against it makes everything appear.
    public var emptied: LazyList {
        LazyList(lineHeight: lineHeight, columns: columns, viewportHeight: viewportHeight, prefetchDistance: prefetchDistance)
    }
}

public import ImageLoading
public import Vocabulary

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
/// Generic over what names an item: list positions in tests, photo keys in the viewer. The
/// decisions are static functions of each item's ``RowLoadStatus`` (the viewer derives it from
/// its photos' states and keeps no second record); an instance keeps the statuses itself.
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
    /// Each item's status, for callers that keep none of their own (absent: idle).
    private var statuses: [Item: RowLoadStatus] = [:]

    /// Items with a started, unfinished load, and its priority.
    public var running: [Item: ImageRequest.Priority] {
        statuses.compactMapValues(\.runningPriority)
    }
    /// Items whose load succeeded or failed.
    public var finished: Set<Item> { loaded.union(failed) }
    /// Items showing their loaded image.
    public var loaded: Set<Item> { Set(statuses.filter { $0.value == .loaded }.keys) }
    /// Items showing a failure.
    public var failed: Set<Item> { Set(statuses.filter { $0.value == .failed }.keys) }

    /// Creates a planner with no loads.
    public init(policy: DisappearPolicy = .cancel) {
        self.policy = policy
    }

    /// The status this planner keeps for `item`.
    public func status(of item: Item) -> RowLoadStatus { statuses[item] ?? .idle }

    /// The actions for items whose roles changed (see ``plan(_:policy:status:)``), recorded.
    public mutating func plan(_ transitions: [Transition]) -> [Action] {
        let actions = Self.plan(transitions, policy: policy, status: status(of:))
        record(actions)
        return actions
    }

    /// Records that an item's load ended: a loaded item is released when it leaves the screen,
    /// a failed one stays failed (scrolling does not retry it).
    public mutating func markFinished(_ item: Item, failed isFailure: Bool = false) {
        statuses[item] = isFailure ? .failed : .loaded
    }

    /// Records that an item's load was replaced by one the caller started itself (at `priority`).
    public mutating func markRunning(_ item: Item, priority: ImageRequest.Priority) {
        statuses[item] = .running(priority)
    }

    /// Lets a loaded item's image go when it is out of the screen and the prefetch window:
    /// a release, or nothing.
    public mutating func releaseIfUnwanted(_ item: Item, isWanted: Bool) -> [Action] {
        let actions = Self.releaseIfUnwanted(item, status: status(of: item), isWanted: isWanted)
        record(actions)
        return actions
    }

    /// Forgets everything about an item that left the feed (its load was cancelled or released).
    public mutating func forget(_ item: Item) {
        statuses[item] = nil
    }

    /// Forgets an item's finished load (retry, reload, caches cleared); returns a start when it is on screen.
    public mutating func reset(_ item: Item, isVisible: Bool) -> [Action] {
        if !status(of: item).isRunning { statuses[item] = nil }
        let actions = Self.restart(item, status: status(of: item), isVisible: isVisible)
        record(actions)
        return actions
    }

    /// What `actions` do to the statuses this planner keeps.
    private mutating func record(_ actions: [Action]) {
        for action in actions {
            switch action {
            case .start(let item, let priority), .setPriority(let item, let priority):
                statuses[item] = .running(priority)
            case .cancel(let item), .release(let item):
                statuses[item] = nil
            }
        }
    }
}

/// The decisions themselves: pure functions of the transitions and each item's status, so a
/// caller that keeps its items' states elsewhere (the viewer's model) plans from those.
extension RowLoadPlanner {
    /// The actions for items whose roles changed: cancellations and releases first (freeing
    /// slots and memory), then priority changes, then starts, the most urgent first. Each item
    /// appears once in `transitions` (a list diff's are).
    public static func plan(
        _ transitions: [Transition], policy: DisappearPolicy, status: (Item) -> RowLoadStatus
    ) -> [Action] {
        var cancels: [Action] = []
        var priorities: [Action] = []
        var starts: [Action] = []
        for transition in transitions {
            let item = transition.item
            let current = status(item)
            switch transition.to {
            case .visible:
                want(item, current, visiblePriority, &priorities, &starts)
            case .prefetch where transition.from == .visible:
                change(item, current, to: prefetchPriority, &priorities)
            case .prefetch:
                want(item, current, prefetchPriority, &priorities, &starts)
            case .offscreen:
                leave(item, current, policy: policy, &cancels, &priorities)
            }
        }
        let highFirst = starts.sorted { priority(of: $0) > priority(of: $1) }
        return cancels + priorities + highFirst
    }

    /// A release of a loaded item out of the screen and the prefetch window (a `keep` or
    /// `lower-priority` load that finished off screen), or nothing.
    public static func releaseIfUnwanted(_ item: Item, status: RowLoadStatus, isWanted: Bool) -> [Action] {
        guard status == .loaded, !isWanted else { return [] }
        return [.release(item)]
    }

    /// A start for an item on screen with no load running (after a retry or reload forgot its
    /// finished one), or nothing.
    public static func restart(_ item: Item, status: RowLoadStatus, isVisible: Bool) -> [Action] {
        guard isVisible, status == .idle else { return [] }
        return [.start(item, priority: visiblePriority)]
    }

    private static func want(
        _ item: Item, _ status: RowLoadStatus, _ priority: ImageRequest.Priority,
        _ priorities: inout [Action], _ starts: inout [Action]
    ) {
        switch status {
        case .loaded, .failed: return
        case .running: change(item, status, to: priority, &priorities)
        case .idle: starts.append(.start(item, priority: priority))
        }
    }

    private static func leave(
        _ item: Item, _ status: RowLoadStatus, policy: DisappearPolicy,
        _ cancels: inout [Action], _ priorities: inout [Action]
    ) {
        if status == .loaded {
            cancels.append(.release(item))
            return
        }
        guard status.isRunning else { return }
        switch policy {
        case .cancel: cancels.append(.cancel(item))
        case .lowerPriority: change(item, status, to: backgroundPriority, &priorities)
        case .keep: break
        }
    }

    private static func change(
        _ item: Item, _ status: RowLoadStatus, to priority: ImageRequest.Priority, _ priorities: inout [Action]
    ) {
        guard let current = status.runningPriority, current != priority else { return }
        priorities.append(.setPriority(item, priority: priority))
    }

    private static func priority(of action: Action) -> ImageRequest.Priority {
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

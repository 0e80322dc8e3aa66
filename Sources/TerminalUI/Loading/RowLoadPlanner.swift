public import ImageLoading

/// Turns list changes into loader actions: the pure heart of the row loaders.
///
/// Appear → start at high priority (or raise a running prefetch). Enter the
/// prefetch window → start at low priority. Leave the screen → cancel, lower
/// the priority, or keep, per ``DisappearPolicy``. Re-appear after a cancel →
/// start again (the pipeline resumes from the kept bytes). A loaded row that
/// leaves the screen and the prefetch window lets its image go (the memory cache
/// keeps it; re-appearing loads it again from there, like `LazyImage`). A failed
/// row keeps its failure and is not restarted until ``reset(row:visibleRows:)``.
///
/// ```swift
/// var planner = RowLoadPlanner(policy: .cancel)
/// for action in planner.plan(list.scroll(by: 1)) { perform(action) }
/// ```
public struct RowLoadPlanner: Hashable, Sendable {
    /// One thing to do to a row's loader.
    public enum Action: Hashable, Sendable {
        /// Start (or restart, resuming) the row's load at a priority.
        case start(row: Int, priority: ImageRequest.Priority)
        /// Change the priority of the row's running load.
        case setPriority(row: Int, priority: ImageRequest.Priority)
        /// Cancel the row's load.
        case cancel(row: Int)
        /// Forget the row's loaded image (it left the screen); the next appearance loads it again.
        case release(row: Int)
    }

    /// Priority of rows on screen.
    public static let visiblePriority = ImageRequest.Priority.high
    /// Priority of rows in the prefetch window.
    public static let prefetchPriority = ImageRequest.Priority.low
    /// Priority of rows kept loading off screen under ``DisappearPolicy/lowerPriority``.
    public static let backgroundPriority = ImageRequest.Priority.veryLow

    /// What to do with loads of rows that leave the screen.
    public var policy: DisappearPolicy
    /// Rows with a started, unfinished load, and its priority.
    public private(set) var running: [Int: ImageRequest.Priority] = [:]
    /// Rows whose load succeeded or failed.
    public var finished: Set<Int> { loaded.union(failed) }
    /// Rows showing their loaded image.
    public private(set) var loaded: Set<Int> = []
    /// Rows showing a failure.
    public private(set) var failed: Set<Int> = []

    /// Creates a planner with no loads.
    public init(policy: DisappearPolicy = .cancel) {
        self.policy = policy
    }

    /// The actions for one list change: cancellations and releases first (freeing slots and
    /// memory), then priority changes, then starts.
    public mutating func plan(_ diff: LazyListDiff) -> [Action] {
        var cancels: [Action] = []
        var priorities: [Action] = []
        var starts: [Action] = []
        for transition in diff.transitions {
            let row = transition.row
            switch transition.to {
            case .visible:
                want(row, Self.visiblePriority, &priorities, &starts)
            case .prefetch where transition.from == .visible:
                if running[row] != nil { change(row, to: Self.prefetchPriority, &priorities) }
            case .prefetch:
                want(row, Self.prefetchPriority, &priorities, &starts)
            case .offscreen:
                leave(row, &cancels, &priorities)
            }
        }
        let highFirst = starts.sorted { priority(of: $0) > priority(of: $1) }
        return cancels + priorities + highFirst
    }

    /// The actions for a list shown for the first time: its visible and prefetch rows start.
    public mutating func planInitial(_ list: LazyList) -> [Action] {
        let empty = LazyList(rowCount: 0, rowHeight: list.rowHeight, viewportHeight: list.viewportHeight)
        return plan(LazyListDiff(from: empty, to: list))
    }

    /// Records that a row's load ended: a loaded row is released when it leaves the screen,
    /// a failed one stays failed (scrolling does not retry it).
    public mutating func markFinished(row: Int, failed isFailure: Bool = false) {
        running[row] = nil
        if isFailure {
            failed.insert(row)
            loaded.remove(row)
        } else {
            loaded.insert(row)
            failed.remove(row)
        }
    }

    /// Lets a loaded row's image go when the row is out of the screen and the prefetch window
    /// (a `keep` or `lower-priority` load that finished off screen): a release, or nothing.
    public mutating func releaseIfOffscreen(row: Int, list: LazyList) -> [Action] {
        guard loaded.contains(row), !list.visibleRows.contains(row), !list.prefetchRows.contains(row) else { return [] }
        loaded.remove(row)
        return [.release(row: row)]
    }

    /// Forgets a row's finished load (retry, reload, caches cleared); returns a start when it is on screen.
    public mutating func reset(row: Int, visibleRows: Range<Int>) -> [Action] {
        loaded.remove(row)
        failed.remove(row)
        guard visibleRows.contains(row), running[row] == nil else { return [] }
        running[row] = Self.visiblePriority
        return [.start(row: row, priority: Self.visiblePriority)]
    }

    private mutating func want(
        _ row: Int, _ priority: ImageRequest.Priority, _ priorities: inout [Action], _ starts: inout [Action]
    ) {
        if loaded.contains(row) || failed.contains(row) { return }
        if running[row] != nil {
            change(row, to: priority, &priorities)
        } else {
            running[row] = priority
            starts.append(.start(row: row, priority: priority))
        }
    }

    private mutating func leave(_ row: Int, _ cancels: inout [Action], _ priorities: inout [Action]) {
        if loaded.remove(row) != nil {
            cancels.append(.release(row: row))
            return
        }
        guard running[row] != nil else { return }
        switch policy {
        case .cancel:
            running[row] = nil
            cancels.append(.cancel(row: row))
        case .lowerPriority:
            change(row, to: Self.backgroundPriority, &priorities)
        case .keep:
            break
        }
    }

    private mutating func change(_ row: Int, to priority: ImageRequest.Priority, _ priorities: inout [Action]) {
        guard running[row] != priority else { return }
        running[row] = priority
        priorities.append(.setPriority(row: row, priority: priority))
    }

    private func priority(of action: Action) -> ImageRequest.Priority {
        if case .start(_, let priority) = action { return priority }
        return .normal
    }
}

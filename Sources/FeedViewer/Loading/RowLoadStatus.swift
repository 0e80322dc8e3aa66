public import ImageLoading

/// Where an item's load stands, as the planner sees it.
///
/// The viewer derives it from each photo's own state (its current load and what its row
/// shows), so there is no second record to keep in step; ``RowLoadPlanner`` keeps one for
/// callers with nothing else (tests, list positions).
public enum RowLoadStatus: Hashable, Sendable {
    /// Nothing started, or the load was cancelled or its image released.
    case idle
    /// A started load that has not finished, at a priority.
    case running(ImageRequest.Priority)
    /// The load finished and the item shows its image.
    case loaded
    /// The load failed and the item shows the failure.
    case failed

    /// The running load's priority, nil when none runs.
    public var runningPriority: ImageRequest.Priority? {
        if case .running(let priority) = self { return priority }
        return nil
    }

    /// Whether a load runs.
    public var isRunning: Bool { runningPriority != nil }
}

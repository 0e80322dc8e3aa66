/// What happens to a row's load when the row leaves the screen (`--on-disappear`).
public enum DisappearPolicy: String, Hashable, Sendable, CaseIterable {
    /// Cancel it; the pipeline keeps the partial bytes so a re-appearing row resumes.
    case cancel
    /// Keep it running at the lowest priority.
    case lowerPriority = "lower-priority"
    /// Keep it running as it was.
    case keep
}

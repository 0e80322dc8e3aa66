public import LoadSemantics

/// What happens to a row's load when the row leaves the screen (`--on-disappear`).
public enum DisappearPolicy: String, Hashable, Sendable, CaseIterable {
    /// Cancel it; the pipeline keeps the partial bytes so a re-appearing row resumes.
    case cancel
    /// Keep it running at the lowest priority.
    case lowerPriority = "lower-priority"
    /// Keep it running as it was.
    case keep
}

extension DisappearPolicy {
    /// The same policy as the semantics audit names it (what it checks a leaving item's load against).
    public var auditPolicy: SemanticsAudit.Configuration.DisappearPolicy {
        switch self {
        case .cancel: .cancel
        case .lowerPriority: .lowerPriority
        case .keep: .keep
        }
    }
}

/// The bookkeeping of one coalescing stage, as a pure value: which jobs run, who subscribes to
/// each, and the priority each job runs at (the highest any subscriber wants).
///
/// Mutating methods return what the caller must do (start, cancel, reprioritise a job) once it
/// has released its lock. `Sink` is whatever the caller uses to deliver results.
struct CoalescingState<Key: Hashable, Sink> {
    typealias Priority = ImageRequest.Priority

    struct Subscriber {
        var priority: Priority
        var sink: Sink
    }

    struct Entry {
        let jobID: Int
        var subscribers: [Int: Subscriber] = [:]
        var priority: Priority

        mutating func recomputePriority() -> Priority? {
            let highest = subscribers.values.map(\.priority).max() ?? priority
            guard highest != priority else { return nil }
            priority = highest
            return highest
        }
    }

    private(set) var entries: [Key: Entry] = [:]
    private var nextJobID = 1

    enum SubscribeAction: Equatable {
        /// No job for the key: start one at this priority.
        case start(jobID: Int, priority: Priority)
        /// Joined a running job; its priority rose to `raisedTo` (nil: unchanged).
        case join(jobID: Int, raisedTo: Priority?)
    }

    enum LeaveAction: Equatable {
        case none
        /// The last subscriber left: cancel the job (its entry is gone already).
        case cancel(jobID: Int)
        /// The job's priority changed to this.
        case reprioritize(jobID: Int, Priority)
    }

    /// Adds a subscriber for `key`, starting a job when none runs.
    mutating func subscribe(_ key: Key, subscriber: Int, priority: Priority, sink: Sink) -> SubscribeAction {
        if var entry = entries[key] {
            entry.subscribers[subscriber] = Subscriber(priority: priority, sink: sink)
            let raised = entry.recomputePriority()
            entries[key] = entry
            return .join(jobID: entry.jobID, raisedTo: raised)
        }
        let jobID = nextJobID
        nextJobID += 1
        var entry = Entry(jobID: jobID, priority: priority)
        entry.subscribers[subscriber] = Subscriber(priority: priority, sink: sink)
        entries[key] = entry
        return .start(jobID: jobID, priority: priority)
    }

    /// Removes a subscriber; the job is cancelled only when it was the last one.
    mutating func unsubscribe(_ key: Key, jobID: Int, subscriber: Int) -> LeaveAction {
        guard var entry = entries[key], entry.jobID == jobID,
            entry.subscribers.removeValue(forKey: subscriber) != nil
        else { return .none }
        if entry.subscribers.isEmpty {
            entries[key] = nil
            return .cancel(jobID: jobID)
        }
        let changed = entry.recomputePriority()
        entries[key] = entry
        return changed.map { .reprioritize(jobID: jobID, $0) } ?? .none
    }

    /// Changes one subscriber's priority; returns the job's new priority when it changed.
    mutating func setPriority(_ key: Key, jobID: Int, subscriber: Int, to priority: Priority) -> Priority? {
        guard var entry = entries[key], entry.jobID == jobID, entry.subscribers[subscriber] != nil else { return nil }
        entry.subscribers[subscriber]?.priority = priority
        let changed = entry.recomputePriority()
        entries[key] = entry
        return changed
    }

    /// The sinks of a job's current subscribers (for progress).
    func sinks(_ key: Key, jobID: Int) -> [Sink] {
        guard let entry = entries[key], entry.jobID == jobID else { return [] }
        return entry.subscribers.values.map(\.sink)
    }

    /// Ends a job: removes its entry and returns the sinks to deliver the result to.
    mutating func complete(_ key: Key, jobID: Int) -> [Sink] {
        guard let entry = entries[key], entry.jobID == jobID else { return [] }
        entries[key] = nil
        return entry.subscribers.values.map(\.sink)
    }

    /// How many subscribers the job for `key` has (0 when none runs).
    func subscriberCount(_ key: Key) -> Int { entries[key]?.subscribers.count ?? 0 }

    /// The priority the job for `key` runs at.
    func priority(_ key: Key) -> Priority? { entries[key]?.priority }
}

/// Runs `show`'s per-image work ahead of the printing, on up to `width` images at once, and
/// hands the results back in order: files decode on every core while earlier ones print.
///
/// ```swift
/// let prefetch = ShowPrefetch(count: files.count, width: 2) { index in try decode(files[index]) }
/// for index in files.indices { print(try await prefetch.value(at: index)) }
/// ```
final class ShowPrefetch<Value: Sendable> {
    private let work: @Sendable (Int) async throws -> Value
    private let count: Int
    private let width: Int
    private let eligible: (Int) -> Bool
    /// The task of each index started and not yet taken. (An array, not a dictionary: a
    /// `Dictionary` of a generic task type is instantiated at run time, its `Hashable` key
    /// checked by a scan of the binary's conformance records, a visible part of a short `show`.)
    private var tasks: [Task<Value, any Error>?]
    private var running = 0
    private var started = 0

    /// `eligible` says which indices are prefetched; the others run when asked for.
    init(count: Int, width: Int, eligible: @escaping (Int) -> Bool = { _ in true }, work: @escaping @Sendable (Int) async throws -> Value) {
        self.count = count
        self.width = max(1, width)
        self.eligible = eligible
        self.work = work
        self.tasks = Array(repeating: nil, count: max(0, count))
    }

    /// The result for `index`, starting the next `width` eligible ones meanwhile.
    func value(at index: Int) async throws -> Value {
        started = max(started, index)
        while started < count && running < width {
            if eligible(started) && tasks[started] == nil {
                let next = started
                let work = work
                tasks[next] = Task { try await work(next) }
                running += 1
            }
            started += 1
        }
        if tasks.indices.contains(index), let task = tasks[index] {
            tasks[index] = nil
            running -= 1
            return try await task.value
        }
        return try await work(index)
    }

    /// Cancels everything still running (the reader has gone).
    func cancelAll() {
        for case let task? in tasks { task.cancel() }
        tasks = Array(repeating: nil, count: tasks.count)
        running = 0
    }
}

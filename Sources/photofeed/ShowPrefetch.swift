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
    private var tasks: [Int: Task<Value, any Error>] = [:]
    private var started = 0

    /// `eligible` says which indices are prefetched; the others run when asked for.
    init(count: Int, width: Int, eligible: @escaping (Int) -> Bool = { _ in true }, work: @escaping @Sendable (Int) async throws -> Value) {
        self.count = count
        self.width = max(1, width)
        self.eligible = eligible
        self.work = work
    }

    /// The result for `index`, starting the next `width` eligible ones meanwhile.
    func value(at index: Int) async throws -> Value {
        started = max(started, index)
        var running = tasks.count
        while started < count && running < width {
            if eligible(started) && tasks[started] == nil {
                let next = started
                let work = work
                tasks[next] = Task { try await work(next) }
                running += 1
            }
            started += 1
        }
        if let task = tasks.removeValue(forKey: index) { return try await task.value }
        return try await work(index)
    }

    /// Cancels everything still running (the reader has gone).
    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
    }
}

import FeedSources
import Foundation

/// Reads a watcher's batches until a condition holds, racing a generous deadline that fails
/// the test instead of hanging it (the deadline never synchronises: the events do).
enum ChangeCollector {
    struct TimedOut: Error, CustomStringConvertible {
        var seen: [FolderChange]
        var description: String { "no matching change within the deadline; saw \(seen)" }
    }

    /// The changes read until `done` is true of everything read so far.
    static func collect(
        _ stream: AsyncStream<[FolderChange]>, seconds: Int = 20, until done: @escaping @Sendable ([FolderChange]) -> Bool
    ) async throws -> [FolderChange] {
        try await withThrowingTaskGroup(of: [FolderChange]?.self) { group in
            group.addTask {
                var seen: [FolderChange] = []
                for await batch in stream {
                    seen += batch
                    if done(seen) { return seen }
                }
                return seen  // the stream finished
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let seen = first else { throw TimedOut(seen: []) }
            return seen
        }
    }

    /// Whether `changes` hold an added photo with this id.
    static func added(_ id: String, in changes: [FolderChange]) -> Bool {
        changes.contains { if case .added(let photo) = $0 { photo.id == id } else { false } }
    }
}

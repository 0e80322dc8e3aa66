import Dispatch

/// A concurrent Dispatch queue that blocking work (decoding, resizing, file I/O) is offloaded
/// to, so it never runs on the caller's actor or the cooperative pool. It does not bound
/// anything: put a `WorkQueue` in front to limit how many jobs run at once.
struct OffloadQueue: Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    }

    /// Runs `body` on the queue and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Runs non-throwing `body` on the queue and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }
}

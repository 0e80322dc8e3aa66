import Dispatch

/// CPU-bound work of the server (decoding a source, transcoding an animation, resampling and
/// encoding a representation) run on a Dispatch worker thread, off Swift's cooperative pool.
///
/// The pool has a thread a core (two here): a 15–40 ms render held one of them and stalled every
/// task behind it, the server's own response writing included, so a burst's cheap thumbnails
/// waited for its costly ones. On Dispatch threads the kernel shares the cores between renders
/// and the async work around them. How many renders run at once is still `RenderAdmission`'s.
///
/// ```swift
/// let bitmap = try await RenderWork.run { try ImageRenderer.decodeSource(photo, scale: 8) }
/// ```
enum RenderWork {
    /// The result of `work`, run on a Dispatch worker thread.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

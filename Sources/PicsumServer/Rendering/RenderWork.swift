import Dispatch

/// CPU-bound work of the server (decoding a source, transcoding an animation, resampling and
/// encoding a representation) run on a Dispatch worker thread, off Swift's cooperative pool.
///
/// The pool has a thread a core: a render would hold one of them for many milliseconds and stall
/// every task behind it, the server's own response writing included, so a burst's cheap
/// thumbnails would wait for its costly ones. On Dispatch threads the kernel shares the cores between renders
/// and the async work around them. How many renders run at once is still `RenderAdmission`'s.
///
/// The thread's priority follows the request's urgency: a request as urgent as the default or
/// more (a screen's visible rows) runs at `.userInitiated`; a less urgent one (a prefetch, `u` 4
/// and over) and the server's own warming at `.background`. On Linux, libdispatch runs these at
/// nice −2 and nice 10: when a prefetch's transcode and a visible row's share the two cores
/// with the client, the kernel gives the prefetch about a fifteenth of a core.
///
/// ```swift
/// let bitmap = try await RenderWork.run(.default) { try ImageRenderer.decodeSource(photo, scale: 8) }
/// ```
enum RenderWork {
    /// The result of `work`, run on a Dispatch worker thread at the priority `urgency` asks for.
    static func run<T: Sendable>(_ urgency: RequestUrgency, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: qos(for: urgency)).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }

    /// The Dispatch priority for a render of `urgency`.
    static func qos(for urgency: RequestUrgency) -> DispatchQoS.QoSClass {
        urgency > .default ? .background : .userInitiated
    }
}

/// Where the runtime reads time and how it sleeps: injected so tests control animation frames.
public struct FeedClock: Sendable {
    /// Time since the viewer started.
    public var now: @Sendable () -> Duration
    /// Sleeps for a duration (throws when cancelled).
    public var sleep: @Sendable (Duration) async throws -> Void

    /// Creates a clock from its two functions.
    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The continuous clock, counting from the moment this is called.
    public static func continuous() -> FeedClock {
        let clock = ContinuousClock()
        let start = clock.now
        return FeedClock(now: { start.duration(to: clock.now) }, sleep: { try await clock.sleep(for: $0) })
    }

    /// A clock stopped at zero: every frame is animation frame 0 (for golden frames), and since
    /// time never moves, a sleep never ends; it only throws when its task is cancelled.
    public static let frozen = FeedClock(
        now: { .zero },
        sleep: { _ in
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
            for await _ in stream {}
            continuation.finish()
            throw CancellationError()
        })
}

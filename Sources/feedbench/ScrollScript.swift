import Foundation
import ImageLoading
import Synchronization

/// The scroll timeline shared by the ticker task and the screen: when scrolling began, and the keys.
///
/// The ticker waits for the first thumbnail (so the rows exist), then marks the start and wakes
/// the loop at every step's due time; the screen hands out every step that is due.
final class ScrollScript: Sendable {
    /// Where the user scrolls.
    enum Path: Sendable {
        /// Down `rows` and back up, then quit.
        case downAndBack
        /// Down `rows` only; after the last key, quit once every visible row shows its picture
        /// (the screen decides, and records how long that took), or after `settleLimit`.
        case fling
    }

    /// The keys in order: `j` × rows, then `k` × rows and `q` for `downAndBack`.
    let keys: [Character]
    let path: Path
    let rowsPerSecond: Double
    /// How long a fling waits for the screen to settle after its last key.
    let settleLimit = Duration.seconds(20)
    private let state = Mutex<(start: ContinuousClock.Instant?, firstThumbnail: ContinuousClock.Instant?, done: Bool)>(
        (nil, nil, false))
    let clock = ContinuousClock()
    let launched: ContinuousClock.Instant

    init(rows: Int, rowsPerSecond: Double, path: Path = .downAndBack) {
        switch path {
        case .downAndBack: keys = Array(repeating: "j", count: rows) + Array(repeating: "k", count: rows) + ["q"]
        case .fling: keys = Array(repeating: "j", count: rows)
        }
        self.path = path
        self.rowsPerSecond = rowsPerSecond
        launched = clock.now
    }

    /// When the last key falls due (nil before scrolling starts).
    var lastKeyDue: ContinuousClock.Instant? {
        state.withLock { $0.start }.map { $0 + Duration.seconds(1) / rowsPerSecond * (keys.count - 1) }
    }

    /// Marks the run over (a fling's screen settled or gave up), which stops the ticker.
    func finish() { state.withLock { $0.done = true } }

    /// Time from launch to the first finished thumbnail.
    var timeToFirstThumbnail: Duration? { state.withLock { $0.firstThumbnail.map { $0 - launched } } }

    /// How many steps are due now (0 before scrolling starts).
    func dueSteps() -> Int {
        guard let start = state.withLock({ $0.start }) else { return 0 }
        let elapsed = clock.now - start
        return min(keys.count, Int(elapsed / .seconds(1) * rowsPerSecond) + 1)
    }

    /// Waits for the first finished image, starts the script, then wakes the loop once per step.
    func drive(events: AsyncStream<ImagePipeline.Event>, wake: AsyncStream<Void>.Continuation) async {
        // The first finished thumbnail starts the script; after 15 s it starts anyway (and the run
        // reports no first thumbnail) so a feed that never loads still ends.
        let sawThumbnail = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await event in events {
                    if case .finished = event.kind, event.stage == .task { return true }
                }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(15))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        let start = clock.now
        state.withLock { $0 = (start, sawThumbnail ? start : nil, false) }
        let step = Duration.seconds(1) / rowsPerSecond
        for index in 0..<keys.count {
            try? await clock.sleep(until: start + step * index)
            if Task.isCancelled { return }
            wake.yield()
        }
        // A fling ends when the screen says so: keep waking it to look.
        guard path == .fling else { return }
        var due = start + step * keys.count
        while !state.withLock({ $0.done }), !Task.isCancelled {
            try? await clock.sleep(until: due)
            wake.yield()
            due += step
        }
    }
}

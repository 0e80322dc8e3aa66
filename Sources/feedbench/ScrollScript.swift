import Foundation
import ImageLoading
import Synchronization

/// The scroll timeline shared by the ticker task and the screen: when scrolling began, and the keys.
///
/// The ticker waits for the first thumbnail (so the rows exist), then marks the start and wakes
/// the loop at every step's due time; the screen hands out every step that is due.
final class ScrollScript: Sendable {
    /// `j` × rows, `k` × rows, then `q`.
    let keys: [Character]
    let rowsPerSecond: Double
    private let state = Mutex<(start: ContinuousClock.Instant?, firstThumbnail: ContinuousClock.Instant?)>((nil, nil))
    let clock = ContinuousClock()
    let launched: ContinuousClock.Instant

    init(rows: Int, rowsPerSecond: Double) {
        keys = Array(repeating: "j", count: rows) + Array(repeating: "k", count: rows) + ["q"]
        self.rowsPerSecond = rowsPerSecond
        launched = clock.now
    }

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
        state.withLock { $0 = (start, sawThumbnail ? start : nil) }
        let step = Duration.seconds(1) / rowsPerSecond
        for index in 0..<keys.count {
            try? await clock.sleep(until: start + step * index)
            if Task.isCancelled { return }
            wake.yield()
        }
    }
}

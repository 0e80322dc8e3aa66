import Synchronization

/// The culling decisions a viewer could not write to their sidecars as it stopped (a read-only
/// card, a full disk), one sentence each: handed out of the screen's closure, printed once the
/// terminal is given back, and the exit status is then 1. A decision is never lost silently.
final class UnsavedDecisions: Sendable {
    private let sentences = Mutex<[String]>([])

    /// Keeps what the viewer said it could not write.
    func record(_ failures: [String]) {
        sentences.withLock { $0 += failures }
    }

    /// Every sentence kept, in the order recorded.
    var all: [String] { sentences.withLock { $0 } }
}

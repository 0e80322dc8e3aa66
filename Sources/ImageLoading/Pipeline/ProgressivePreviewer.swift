import Synchronization

/// The previews of one image job: decodes the data stage's snapshots one at a time, off the
/// cooperative pool, and hands each on in order; stops when the job has its result.
///
/// A snapshot that arrives while one decodes replaces any older one still waiting (the
/// newest bytes make the best preview); a preview whose scan is not newer than the last one
/// handed on is dropped; after `finish()` nothing more is decoded or handed on, so a preview
/// never follows the final image. No lock is held across the decode.
final class ProgressivePreviewer: Sendable {
    private struct State {
        var pending: (bytes: [UInt8], progress: LoadProgress)?
        var isDecoding = false
        var isFinished = false
        var lastScan = 0
    }

    private let state = Mutex(State())
    private let decompression: ImageDecompression
    private let processors: [ImageProcessor]
    private let decoder: OffloadQueue
    private let deliver: @Sendable (ImagePreview) -> Void

    init(
        decompression: ImageDecompression, processors: [ImageProcessor], decoder: OffloadQueue,
        deliver: @escaping @Sendable (ImagePreview) -> Void
    ) {
        self.decompression = decompression
        self.processors = processors
        self.decoder = decoder
        self.deliver = deliver
    }

    /// A snapshot of the bytes so far, with a new complete scan.
    func receive(_ bytes: [UInt8], progress: LoadProgress) {
        let start = state.withLock { state -> Bool in
            guard !state.isFinished else { return false }
            state.pending = (bytes, progress)
            guard !state.isDecoding else { return false }
            state.isDecoding = true
            return true
        }
        if start { Task { await drain() } }
    }

    /// The job has its result (or was cancelled): no more previews.
    func finish() {
        state.withLock { state in
            state.isFinished = true
            state.pending = nil
        }
    }

    private func drain() async {
        while let next = state.withLock({ state -> (bytes: [UInt8], progress: LoadProgress)? in
            guard !state.isFinished, let next = state.pending else {
                state.isDecoding = false
                return nil
            }
            state.pending = nil
            return next
        }) {
            let decompression = decompression
            let processors = processors
            let preview = await decoder.run { decompression.preview(next.bytes, processors: processors, progress: next.progress) }
            guard let preview else { continue }
            let fresh = state.withLock { state -> Bool in
                guard !state.isFinished, preview.scan > state.lastScan else { return false }
                state.lastScan = preview.scan
                return true
            }
            // Handed on outside the lock; `finish` racing with this is settled downstream (a
            // task ignores previews once it has its result).
            if fresh { deliver(preview) }
        }
    }
}

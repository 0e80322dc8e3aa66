import TerminalScreen
import LoadSemantics
import Vocabulary

/// What the runtime tells a ``LoadRecorder``: the records the model gives for each message,
/// effect and frame (see `FeedModel+Records`), stamped with the clock.
extension FeedRuntime {
    /// Records a handled message and the visibility changes it made.
    func record(_ message: FeedMessage, wantedBefore: [PhotoKey: LoadRecord.Visibility]) {
        for event in model.records(of: message, wantedBefore: wantedBefore) { note(event) }
    }

    /// Records an effect before it runs.
    func record(_ effect: FeedEffect) {
        if let event = model.record(of: effect) { note(event) }
    }

    /// Records a drawn frame.
    func recordFrame() {
        if recorder != nil { note(model.frameRecord) }
    }

    /// Records the pixels the screen wrote for the list's pictures.
    func recordPictureWrites(_ writes: [PictureWrite]) {
        guard recorder != nil else { return }
        for write in writes {
            if let slot = model.pictureSlot(forKey: write.key) { note(.pictureWritten(slot, bytes: write.bytes)) }
        }
    }

    /// Writes what the recorder buffered; hands violations found since the last batch to the
    /// model, and the trace's write failure, once (recording goes on; the viewer never stops for it).
    func flushRecording() {
        guard let recorder else { return }
        recorder.flush()
        if !foundViolations.isEmpty, recorder.audits {
            let found = foundViolations
            foundViolations.removeAll()
            send(.violations(found))
        }
        if !reportedTraceFailure, let failure = recorder.traceError {
            reportedTraceFailure = true
            send(.outputFailed(failure.description))
        }
    }

    private func note(_ event: LoadRecord.Event) {
        guard let recorder else { return }
        foundViolations += recorder.record(event, at: clock.now())
    }
}

import Sidecars
import SystemPackage
import Vocabulary

extension FeedRuntime {
    /// Reads a photo's decision from its sidecar in a task of its own; the outcome comes back as
    /// ``FeedMessage/decisionRead(_:_:)``.
    func readDecision(_ key: PhotoKey, photo: FilePath) {
        let (sidecars, mailbox) = (self.sidecars, self.mailbox)
        work.append(Task {
            let result: Result<Decision?, SidecarError>
            do throws(SidecarError) {
                result = .success(try await sidecars.read(photo: photo))
            } catch {
                result = .failure(error)
            }
            mailbox.post(.message(.decisionRead(key, result)))
        })
    }

    /// Writes a photo's decision to its sidecar in a task of its own, never on the key's path;
    /// the outcome comes back as ``FeedMessage/decisionWritten(_:_:_:)`` (the model keeps a
    /// failed one as pending). Not cancelled by ``stop()``: a decision made is written.
    func writeDecision(_ decision: Decision, for key: PhotoKey, photo: FilePath) {
        let (sidecars, mailbox) = (self.sidecars, self.mailbox)
        let write = Task {
            var failure: SidecarError?
            do throws(SidecarError) {
                try await sidecars.write(decision, for: photo)
            } catch {
                failure = error
            }
            mailbox.post(.message(.decisionWritten(key, decision, failure)))
        }
        writes.append(write)
    }

    /// As the viewer stops: every decision not in its sidecar yet (its read or write was under
    /// way, or failed) is written now, applied to what the sidecar holds, so a key pressed
    /// just before `q` is kept. What still fails is in ``unsavedDecisionFailures``.
    func writeUnsavedDecisions() async {
        for (photo, edits) in model.unsavedDecisions {
            do throws(SidecarError) {
                var current = Decision()
                if case .replace = edits.first {} else { current = try await sidecars.read(photo: photo) ?? Decision() }
                try await sidecars.write(edits.reduce(current) { $1.applied(to: $0) }, for: photo)
            } catch {
                // What the row showed: the keys applied to no decision (a whole decision replaces it).
                let shown = edits.reduce(Decision()) { $1.applied(to: $0) }
                let name = photo.lastComponent?.string ?? photo.string
                unsavedDecisionFailures.append("\(name): the decision \"\(shown.words)\" was not saved: \(error.description)")
            }
        }
    }
}

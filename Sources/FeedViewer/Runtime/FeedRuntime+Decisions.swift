import Sidecars
import SystemPackage
import Vocabulary

extension FeedRuntime {
    /// Reads a photo's decision from its sidecar (a shot's from the first of its files' that
    /// exists) in a task of its own; the outcome comes back as ``FeedMessage/decisionRead(_:_:)``.
    func readDecision(_ key: PhotoKey, photo: FilePath, companions: [FilePath] = []) {
        let (sidecars, mailbox) = (self.sidecars, self.mailbox)
        work.append(Task {
            let result: Result<Decision?, SidecarError>
            do throws(SidecarError) {
                result = .success(
                    companions.isEmpty ? try await sidecars.read(photo: photo) : try await sidecars.read(shot: [photo] + companions))
            } catch {
                result = .failure(error)
            }
            mailbox.post(.message(.decisionRead(key, result)))
        })
    }

    /// Writes a photo's decision to its sidecar (a shot's to each of its files') in a task of
    /// its own, never on the key's path; the outcome comes back as
    /// ``FeedMessage/decisionWritten(_:_:_:)`` (the model keeps a failed one as pending). Not
    /// cancelled by ``stop()``: a decision made is written.
    func writeDecision(_ decision: Decision, for key: PhotoKey, photo: FilePath, companions: [FilePath] = []) {
        let (sidecars, mailbox) = (self.sidecars, self.mailbox)
        let write = Task {
            var failure: SidecarError?
            do throws(SidecarError) {
                if companions.isEmpty {
                    try await sidecars.write(decision, for: photo)
                } else {
                    try await sidecars.write(decision, forShot: [photo] + companions)
                }
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
        for (photo, companions, edits) in model.unsavedDecisions {
            do throws(SidecarError) {
                let files = [photo] + companions
                var current = Decision()
                if case .replace = edits.first {} else { current = try await sidecars.read(shot: files) ?? Decision() }
                try await sidecars.write(edits.reduce(current) { $1.applied(to: $0) }, forShot: files)
            } catch {
                // What the row showed: the keys applied to no decision (a whole decision replaces it).
                let shown = edits.reduce(Decision()) { $1.applied(to: $0) }
                let name = photo.lastComponent?.string ?? photo.string
                unsavedDecisionFailures.append("\(name): the decision \"\(shown.words)\" was not saved: \(error.description)")
            }
        }
    }
}

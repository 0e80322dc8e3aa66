import FeedSources
public import Sidecars
public import Vocabulary
public import SystemPackage

/// Culling: the keys' decisions (``DecisionsModel``), the sidecars read as local rows appear,
/// and the undo key's one history of decisions and Trash moves (``UndoHistory``).
extension FeedModel {
    /// The decision the row of `key` shows (nil: none read or made).
    public func decision(of key: PhotoKey) -> Decision? { decisions.decision(of: key) }

    /// Why the decision of `key` is not in its sidecar yet: a write that failed (a sentence),
    /// or nil when it is saved, being written or read.
    public func decisionFailure(of key: PhotoKey) -> String? {
        if case .failed(let reason) = decisions.state(of: key) { return reason }
        return nil
    }

    /// The decisions not in their sidecars yet, for the runtime to write as it stops: each
    /// photo's keys, to apply to what its sidecar holds.
    public var unsavedDecisions: [(photo: FilePath, companions: [FilePath], edits: [DecisionEdit])] { decisions.unsaved }

    /// The other files of `key`'s shot (the RAW beside its JPEG), whose sidecars take its
    /// decision too; none for a photo of one file.
    func decisionCompanions(of key: PhotoKey) -> [FilePath] {
        guard let photo = photo(key), photo.isShot else { return [] }
        return Array(photo.shotPaths.dropFirst())
    }

    /// Whether the decision of `key` waits for its sidecar (being written, or failed).
    public func decisionIsPending(of key: PhotoKey) -> Bool {
        switch decisions.state(of: key) {
        case .writing, .failed: true
        default: false
        }
    }

    /// A culling key: on the photo the detail view shows, else the marked photos, else the
    /// focused one; the focus moves on after it with `--cull-advance` (one photo decided).
    mutating func decide(_ edit: DecisionEdit) -> [FeedEffect] {
        let keys = detailKey.map { [$0] } ?? actionTargets
        let targets = keys.map { key in
            DecisionsModel.Target(
                key: key, photo: photo(key)?.filePath, name: photo(key)?.id ?? key.id, companions: decisionCompanions(of: key))
        }
        let advances = options.cullAdvance && keys.count == 1 && (detailKey != nil || marks.isEmpty)
        return update(decisions: .decide(edit, targets, advances: advances, feedName: feedName))
    }

    /// The undo key: the newest step of the history taken back (a Trash move already put back
    /// is passed over).
    mutating func undo() -> [FeedEffect] {
        while let step = undoHistory.pop() {
            switch step {
            case .trash:
                guard !actions.lastTrashed.isEmpty else { continue }
                return update(actions: .undoTrash)
            case .decisions(let before):
                return update(decisions: .restore(before))
            }
        }
        note("nothing to undo")
        return []
    }

    /// After every message: the sidecars of the local photos on screen (and the detail view's)
    /// are read, once each, so decisions made in another program show.
    mutating func readDecisions() -> [FeedEffect] {
        guard options.readsDecisions else { return [] }
        var effects: [FeedEffect] = []
        for key in visibleKeys + (detailKey.map { [$0] } ?? []) where decisions.state(of: key) == nil {
            guard let path = photo(key)?.filePath else { continue }
            effects += update(decisions: .appeared(key, path, companions: decisionCompanions(of: key)))
        }
        return effects + readAhead()
    }

    /// Routes `message` to the decisions; keeps what the undo key needs, moves the focus as
    /// they ask.
    mutating func update(decisions message: DecisionsModel.Message) -> [FeedEffect] {
        let focused = focusedKey
        let reply = decisions.update(message)
        hear(reply)
        // A filter hides what no longer passes first: the photo after a hidden one has its place.
        var effects = reply.effects + refilter(after: message)
        for request in reply.requests {
            switch request {
            case .remember(let before):
                undoHistory.push(.decisions(before))
            case .advance:
                guard focusedKey == focused else { continue }
                effects += execute(.moveFocus(by: 1))
            case .focus(let key):
                guard detail == nil, let index = positions[key], index != list.focus else { continue }
                effects += update(list: .move(.focusOn(index)))
            }
        }
        return effects
    }
}

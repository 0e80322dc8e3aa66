import Sidecars
import SystemPackage
import Testing
import Vocabulary

@testable import FeedViewer

/// The decisions on their own: reads, keys, writes one at a time, failures kept as pending,
/// driven through ``DecisionsModel/update(_:)`` with no feed model around them.
@Suite("Decisions model")
struct DecisionsModelTests {
    private let key = PhotoKey(id: "a.jpg")
    private let path = FilePath("/photos/a.jpg")
    private var target: DecisionsModel.Target { DecisionsModel.Target(key: key, photo: path, name: "a.jpg") }

    private func writes(_ reply: ModelReply<DecisionsModel.Request>) -> [Decision] {
        reply.effects.compactMap { if case .writeDecision(_, let decision, _, _) = $0 { decision } else { nil } }
    }

    private func reads(_ reply: ModelReply<DecisionsModel.Request>) -> [FilePath] {
        reply.effects.compactMap { if case .readDecision(_, let photo, _) = $0 { photo } else { nil } }
    }

    @Test func aRowThatAppearsIsReadOnceAndShowsWhatTheSidecarHolds() {
        // Given a photo's row appearing
        var decisions = DecisionsModel()
        // When it appears twice
        let first = decisions.update(.appeared(key, path))
        let second = decisions.update(.appeared(key, path))
        // Then its sidecar is read once
        #expect(reads(first) == [path])
        #expect(reads(second).isEmpty)
        #expect(decisions.state(of: key) == .reading)
        // When darktable's 4 stars and red label come back
        let read = decisions.update(.read(key, .success(Decision(stars: 4, label: .red))))
        // Then the row shows them, and nothing is written
        #expect(decisions.decision(of: key) == Decision(stars: 4, label: .red))
        #expect(decisions.state(of: key) == .saved)
        #expect(read.effects.isEmpty)
    }

    @Test func aKeyShowsAtOnceAndIsWrittenOffThePathThenSaved() {
        // Given a photo read with no sidecar
        var decisions = DecisionsModel()
        _ = decisions.update(.appeared(key, path))
        _ = decisions.update(.read(key, .success(nil)))
        // When 3 is pressed
        let reply = decisions.update(.decide(.stars(3), [target], advances: false, feedName: "folder"))
        // Then the row has 3 stars at once, a write is asked for, the undo key can take it back
        #expect(decisions.decision(of: key)?.stars == 3)
        #expect(writes(reply) == [Decision(stars: 3)])
        #expect(decisions.state(of: key) == .writing)
        #expect(reply.shownMessage == "a.jpg: 3 stars")
        guard case .remember(let before)? = reply.requests.first else {
            Issue.record("no undo step: \(reply.requests)")
            return
        }
        #expect(before == [key: Decision()])
        // When the write ends
        let written = decisions.update(.written(key, Decision(stars: 3), nil))
        // Then it is saved and nothing more is written
        #expect(decisions.state(of: key) == .saved)
        #expect(written.effects.isEmpty)
    }

    @Test func keysWhileAWriteIsUnderWayAreWrittenOnceItEnds() {
        // Given a write of 3 stars under way
        var decisions = DecisionsModel()
        _ = decisions.update(.appeared(key, path))
        _ = decisions.update(.read(key, .success(nil)))
        _ = decisions.update(.decide(.stars(3), [target], advances: false, feedName: "folder"))
        // When p and 6 are pressed before it ends
        let pick = decisions.update(.decide(.flag(.picked), [target], advances: false, feedName: "folder"))
        let red = decisions.update(.decide(.toggleLabel(.red), [target], advances: false, feedName: "folder"))
        // Then no second write runs beside the first, but the row shows all three
        #expect(writes(pick).isEmpty && writes(red).isEmpty)
        #expect(decisions.decision(of: key) == Decision(stars: 3, flag: .picked, label: .red))
        // When the first write ends, the latest decision is written
        let next = decisions.update(.written(key, Decision(stars: 3), nil))
        #expect(writes(next) == [Decision(stars: 3, flag: .picked, label: .red)])
    }

    @Test func keysWhileTheSidecarIsReadAreAppliedToWhatItHolds() {
        // Given a sidecar being read
        var decisions = DecisionsModel()
        _ = decisions.update(.appeared(key, path))
        // When 6 (red) and x are pressed before it answers
        let early = decisions.update(.decide(.toggleLabel(.red), [target], advances: false, feedName: "folder"))
        _ = decisions.update(.decide(.flag(.rejected), [target], advances: false, feedName: "folder"))
        #expect(writes(early).isEmpty)
        // When the sidecar answers: 2 stars and a red label already
        let read = decisions.update(.read(key, .success(Decision(stars: 2, label: .red))))
        // Then the keys apply to it: the red label toggled off, rejected, the stars kept
        #expect(decisions.decision(of: key) == Decision(stars: 2, flag: .rejected))
        #expect(writes(read) == [Decision(stars: 2, flag: .rejected)])
    }

    @Test func aFailedWriteIsSaidKeptAndTriedAgainByTheNextDecisionOrR() {
        // Given a write of a pick under way
        var decisions = DecisionsModel()
        _ = decisions.update(.appeared(key, path))
        _ = decisions.update(.read(key, .success(nil)))
        _ = decisions.update(.decide(.flag(.picked), [target], advances: false, feedName: "folder"))
        // When it fails: a read-only card
        let error = SidecarError(.unwritable, "Cannot write /photos/a.jpg.xmp: read-only file system.")
        let failed = decisions.update(.written(key, Decision(flag: .picked), error))
        // Then the status bar says so in a sentence, the row keeps the pick, and nothing is retried by itself
        #expect(failed.notes == ["a.jpg: the decision is kept but not saved: Cannot write /photos/a.jpg.xmp: read-only file system. R or the next decision tries again."])
        #expect(decisions.decision(of: key)?.flag == .picked)
        #expect(decisions.state(of: key) == .failed(error.description))
        #expect(failed.effects.isEmpty)
        // When R is pressed, it is written again
        let retried = decisions.update(.retryFailed)
        #expect(writes(retried) == [Decision(flag: .picked)])
        // When that fails too and another photo is decided, this one is tried again with it
        _ = decisions.update(.written(key, Decision(flag: .picked), error))
        let other = DecisionsModel.Target(key: PhotoKey(id: "b.jpg"), photo: FilePath("/photos/b.jpg"), name: "b.jpg")
        _ = decisions.update(.appeared(other.key, FilePath("/photos/b.jpg")))
        _ = decisions.update(.read(other.key, .success(nil)))
        let next = decisions.update(.decide(.stars(1), [other], advances: false, feedName: "folder"))
        #expect(Set(writes(next)) == [Decision(flag: .picked), Decision(stars: 1)])
    }

    @Test func aWebPhotoTakesNoDecisionAndTheStatusBarSaysWhy() {
        // Given a photo of a web feed (no file)
        var decisions = DecisionsModel()
        let web = DecisionsModel.Target(key: PhotoKey(id: "12"), photo: nil, name: "12")
        // When 5 is pressed
        let reply = decisions.update(.decide(.stars(5), [web], advances: true, feedName: "picsum.photos"))
        // Then nothing is decided, written or remembered, and the focus stays
        #expect(reply.effects.isEmpty && reply.requests.isEmpty)
        #expect(decisions.decision(of: web.key) == nil)
        #expect(reply.notes == ["decisions need files: they are kept in XMP sidecars beside them (this photo comes from picsum.photos)"])
    }

    @Test func aMarkedPhotoNeverReadIsReadBeforeItsWrite() {
        // Given a marked photo whose row never appeared
        var decisions = DecisionsModel()
        // When 2 is pressed on it
        let reply = decisions.update(.decide(.stars(2), [target], advances: false, feedName: "folder"))
        // Then its sidecar is read first (its other properties are not overwritten blind)
        #expect(reads(reply) == [path])
        #expect(writes(reply).isEmpty)
        // And once read, the edit is written over what it holds
        let read = decisions.update(.read(key, .success(Decision(flag: .picked))))
        #expect(writes(read) == [Decision(stars: 2, flag: .picked)])
    }

    @Test func theSameLabelAgainRemovesIt() {
        #expect(DecisionEdit.toggleLabel(.green).applied(to: Decision()) == Decision(label: .green))
        #expect(DecisionEdit.toggleLabel(.green).applied(to: Decision(label: .green)) == Decision())
        #expect(DecisionEdit.toggleLabel(.blue).applied(to: Decision(label: .green)) == Decision(label: .blue))
    }

    @Test func undoHistoryIsNewestFirstWithOneTrashMove() {
        // Given a decision, a Trash move, another decision, another Trash move
        var history = UndoHistory()
        let a = PhotoKey(id: "a")
        history.push(.decisions([a: Decision()]))
        history.push(.trash)
        history.push(.decisions([a: Decision(stars: 1)]))
        history.push(.trash)
        // Then they come back newest first, the older Trash move gone (only the last can be put back)
        #expect(history.pop() == .trash)
        #expect(history.pop() == .decisions([a: Decision(stars: 1)]))
        #expect(history.pop() == .decisions([a: Decision()]))
        #expect(history.pop() == nil)
    }
}

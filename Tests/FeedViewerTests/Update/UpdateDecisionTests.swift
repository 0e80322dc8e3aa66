import FeedSources
import Foundation
import Sidecars
import SystemPackage
import Testing
import TerminalKit
import FeedViewer
import Vocabulary

@Suite("Update: culling keys decide, sidecars are read and written by effects, z undoes decisions and the Trash")
struct UpdateDecisionTests {
    private func harness(cullAdvance: Bool = false) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6))
        options.cullAdvance = cullAdvance
        var harness = FeedHarness(options: options)
        harness.showPage(TestPhotos.files(5))
        for index in 0..<5 { harness.send(.decisionRead(PhotoKey(id: "\(index)"), .success(nil))) }
        return harness
    }

    private func writes(_ effects: [FeedEffect]) -> [String: Decision] {
        var found: [String: Decision] = [:]
        for case .writeDecision(let key, let decision, let photo, _) in effects {
            #expect(photo == FilePath("/photos/\(key.id).jpg"))
            found[key.id] = decision
        }
        return found
    }

    @Test func theSidecarsOfLocalRowsAreReadAsTheyAppearAndWhatTheyHoldShows() {
        // Given a folder of photos
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        // When its page shows
        let effects = harness.showPage(TestPhotos.files(3))
        // Then each row's sidecar is read, by an effect
        let read = effects.compactMap { if case .readDecision(let key, _, _) = $0 { key.id } else { nil } }
        #expect(read == ["0", "1", "2"])
        // When one comes back with 2 stars, its row shows them
        harness.send(.decisionRead(PhotoKey(id: "1"), .success(Decision(stars: 2))))
        #expect(harness.model.decision(of: PhotoKey(id: "1")) == Decision(stars: 2))
        // And a web feed's rows read nothing
        var web = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        #expect(!web.showPage(TestPhotos.picsum(3)).contains { if case .readDecision = $0 { true } else { false } })
    }

    @Test func aKeyDecidesTheFocusedPhotoAtOnceAndTheMarkedOnesWhenThereAreMarks() {
        // Given photo 1 focused
        var harness = harness()
        harness.press("j")
        // When 4 is pressed
        let effects = harness.press("4")
        // Then it has 4 stars before anything is written, and its write is an effect
        #expect(harness.model.decision(of: PhotoKey(id: "1"))?.stars == 4)
        #expect(writes(effects) == ["1": Decision(stars: 4)])
        #expect(harness.model.focusedKey?.id == "1")
        // When photos 2 and 3 are marked and x pressed, both are rejected, photo 1 is not
        harness.press("jtt")
        let rejected = harness.press("x")
        #expect(writes(rejected) == ["2": Decision(flag: .rejected), "3": Decision(flag: .rejected)])
        #expect(harness.model.message == "2 photos: rejected")
    }

    @Test func cullAdvanceMovesToTheNextPhotoAfterADecision() {
        // Given --cull-advance and photo 0 focused
        var harness = harness(cullAdvance: true)
        // When p picks it
        harness.press("p")
        // Then the focus moved to photo 1
        #expect(harness.model.decision(of: PhotoKey(id: "0"))?.flag == .picked)
        #expect(harness.model.focusedKey?.id == "1")
        // And without the option it stays
        var still = self.harness()
        still.press("p")
        #expect(still.model.focusedKey?.id == "0")
    }

    @Test func zTakesBackDecisionsAndTheTrashMoveNewestFirst() {
        // Given 3 stars on photo 0, then photo 2 moved to the Trash, then photo 1 rejected
        var harness = harness()
        harness.press("3")
        let file = FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/photos/2.jpg"), trashed: URL(fileURLWithPath: "/trash/files/2.jpg"),
            info: URL(fileURLWithPath: "/trash/info/2.jpg.trashinfo"))
        harness.send(.trashed(TrashOutcome(moved: [(PhotoKey(id: "2"), file)], failures: [])))
        harness.press("jx")
        #expect(harness.model.decision(of: PhotoKey(id: "1"))?.flag == .rejected)
        harness.send(.decisionWritten(PhotoKey(id: "1"), Decision(flag: .rejected), nil))
        // When z is pressed: the reject is taken back (and written back)
        let first = harness.press("z")
        #expect(harness.model.decision(of: PhotoKey(id: "1")) == Decision())
        #expect(writes(first)["1"] == Decision())
        // When z again: the Trash move
        let second = harness.press("z")
        #expect(second.contains { if case .restoreFromTrash = $0 { true } else { false } })
        // When z again: the 3 stars, with the focus back on photo 0
        harness.press("z")
        #expect(harness.model.decision(of: PhotoKey(id: "0")) == Decision())
        #expect(harness.model.focusedKey?.id == "0")
        // And then nothing is left
        #expect(harness.press("z").isEmpty)
        #expect(harness.model.message == "nothing to undo")
    }

    @Test func aFailedWriteIsSaidAndRWritesItAgain() {
        // Given a pick on photo 0 whose write failed
        var harness = harness()
        harness.press("p")
        let error = SidecarError(.unwritable, "Cannot write /photos/0.jpg.xmp: read-only file system.")
        harness.send(.decisionWritten(PhotoKey(id: "0"), Decision(flag: .picked), error))
        // Then the status bar says it, the row keeps the pick, pending
        #expect(harness.model.message?.contains("read-only file system") == true)
        #expect(harness.model.decisionFailure(of: PhotoKey(id: "0")) == error.description)
        #expect(harness.model.decision(of: PhotoKey(id: "0"))?.flag == .picked)
        // When R is pressed, it is written again
        #expect(writes(harness.press("R")) == ["0": Decision(flag: .picked)])
    }

    @Test func aWebFeedSaysDecisionsNeedFiles() {
        var web = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)), feedName: "picsum")
        web.showPage(TestPhotos.picsum(3), summary: "picsum")
        #expect(web.press("5").isEmpty)
        #expect(web.model.message == "decisions need files: they are kept in XMP sidecars beside them (this photo comes from picsum)")
    }

    @Test func thePhotoViewDecidesThePhotoItShowsAndTheOldKeysMoved() {
        // Given photo 0 open in the photo view
        var harness = harness()
        harness.press(.enter)
        // When 6 is pressed, then p
        harness.press("6p")
        // Then photo 0 has the red label and the pick, and p did not step back
        #expect(harness.model.decision(of: PhotoKey(id: "0")) == Decision(flag: .picked, label: .red))
        #expect(harness.model.detailKey?.id == "0")
    }
}

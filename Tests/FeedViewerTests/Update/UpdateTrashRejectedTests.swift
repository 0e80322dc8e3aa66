import FeedSources
import Foundation
import Sidecars
import Testing
import FeedViewer
import Vocabulary

@Suite("Update: X moves the rejected photos to the Trash after asking, z puts them back")
struct UpdateTrashRejectedTests {
    private func harness(read: Int = 5) -> FeedHarness {
        var harness = FeedHarness(options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)))
        harness.showPage(TestPhotos.files(5))
        let found: [String: Decision] = ["1": Decision(flag: .rejected), "3": Decision(flag: .rejected), "4": Decision(flag: .picked)]
        for index in 0..<read { harness.send(.decisionRead(PhotoKey(id: "\(index)"), .success(found["\(index)"]))) }
        return harness
    }

    private func trashed(_ effects: [FeedEffect]) -> [String]? {
        for case .trash(let requests) in effects { return requests.map(\.key.id) }
        return nil
    }

    private func file(_ id: String) -> FreedesktopTrash.TrashedFile {
        FreedesktopTrash.TrashedFile(
            original: URL(fileURLWithPath: "/photos/\(id).jpg"), trashed: URL(fileURLWithPath: "/trash/files/\(id).jpg"),
            info: URL(fileURLWithPath: "/trash/info/\(id).jpg.trashinfo"))
    }

    @Test func XAsksThenMovesEveryRejectedPhotoAndZPutsThemBack() {
        // Given photos 1 and 3 rejected, 4 picked
        var harness = harness()
        // When X is pressed
        let asked = harness.press("X")
        // Then nothing moves yet: it asks
        #expect(trashed(asked) == nil)
        #expect(harness.model.message == "Move 2 rejected photos to the Trash? y moves them, any other key keeps them")
        // When y answers, both rejects go to the Trash in one move
        #expect(trashed(harness.press("y")) == ["1", "3"])
        harness.send(.trashed(TrashOutcome(moved: [(PhotoKey(id: "1"), file("1")), (PhotoKey(id: "3"), file("3"))], failures: [])))
        #expect(harness.model.keys.map(\.id) == ["0", "2", "4"])
        // When z is pressed, both come back in one step
        let back = harness.press("z")
        let restored = back.compactMap { if case .restoreFromTrash(let files) = $0 { files.count } else { nil } }
        #expect(restored == [2])
    }

    @Test func anotherKeyKeepsThemAndNoRejectSaysSo() {
        // Given photos 1 and 3 rejected
        var harness = harness()
        // When X then n
        harness.press("X")
        let kept = harness.press("n")
        // Then nothing moved
        #expect(trashed(kept) == nil)
        #expect(harness.model.keys.count == 5)
        // And with no reject known, X says there is none
        var none = self.harness(read: 1)
        #expect(none.press("X").isEmpty)
        #expect(none.model.message == "no rejected photo to move to the Trash (4 photos' sidecars are not read yet: F reads them)")
    }

    @Test func theQuestionSaysHowManySidecarsAreNotReadYet() {
        // Given the first four sidecars read (1 and 3 rejected), photo 4's not
        var harness = harness(read: 4)
        // When X is pressed
        harness.press("X")
        // Then the question says one photo is not among them
        #expect(harness.model.message == "Move 2 rejected photos to the Trash (1 photo's sidecar is not read yet: F reads them)? y moves them, any other key keeps them")
    }
}

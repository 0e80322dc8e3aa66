import FeedSources
import Sidecars
import SystemPackage
import Testing
import Vocabulary
@testable import FeedViewer

/// A RAW+JPEG shot's decision in the decisions' model: its reads and writes name both files.
@Suite("Decisions model: a shot's decision is read from and written to both files' sidecars")
struct DecisionsModelShotTests {
    private let key = PhotoKey(id: "IMG_1.JPG")
    private let jpeg = FilePath("/shoot/IMG_1.JPG")
    private let raw = FilePath("/shoot/IMG_1.CR2")

    @Test func theReadTheWriteAndAnUndoNameTheRAWToo() {
        // Given a shot's row appearing
        var decisions = DecisionsModel()
        let appeared = decisions.update(.appeared(key, jpeg, companions: [raw]))
        // Then its read names both files, the JPEG first
        #expect(appeared.effects.contains { if case .readDecision(key, jpeg, [raw]) = $0 { true } else { false } })
        // When the read finds nothing and p is pressed, the write names both files
        _ = decisions.update(.read(key, .success(nil)))
        let target = DecisionsModel.Target(key: key, photo: jpeg, name: "IMG_1.JPG", companions: [raw])
        let decided = decisions.update(.decide(.flag(.picked), [target], advances: false, feedName: "folder"))
        #expect(decided.effects.contains { if case .writeDecision(key, Decision(flag: .picked), jpeg, [raw]) = $0 { true } else { false } })
        // When it is written and then taken back, the undo's write names both files too
        _ = decisions.update(.written(key, Decision(flag: .picked), nil))
        let undone = decisions.update(.restore([key: Decision()]))
        #expect(undone.effects.contains { if case .writeDecision(key, Decision(), jpeg, [raw]) = $0 { true } else { false } })
    }

    @Test func whatIsUnsavedAsTheViewerStopsNamesBothFiles() {
        // Given a shot's decision made while its read is under way
        var decisions = DecisionsModel()
        let target = DecisionsModel.Target(key: key, photo: jpeg, name: "IMG_1.JPG", companions: [raw])
        _ = decisions.update(.decide(.stars(4), [target], advances: false, feedName: "folder"))
        // Then what is unsaved is the key for both files
        let unsaved = decisions.unsaved
        #expect(unsaved.count == 1)
        #expect(unsaved.first?.photo == jpeg && unsaved.first?.companions == [raw])
        #expect(unsaved.first?.edits == [.stars(4)])
    }
}

@Suite("Update: a shot's row reads and writes its decision with both files")
struct UpdateShotDecisionTests {
    @Test func theShotsReadAndWriteNameItsRAWAndOtherRowsDoNot() {
        // Given a folder with a shot among single files
        var harness = FeedHarness(
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6)), feedName: "folder")
        let effects = harness.showPage(ShotPhotos.folder())
        // Then the shot's read names its RAW, the others' none
        let reads = effects.compactMap { if case .readDecision(let key, _, let companions) = $0 { (key.id, companions) } else { nil } }
        #expect(reads.map(\.0) == ["a.jpg", "IMG_1.JPG", "c.jpg"])
        #expect(reads.map(\.1) == [[], [FilePath("/shoot/IMG_1.CR2")], []])
        // When its read ends and 5 is pressed on it, the write names both files
        harness.send(.decisionRead(PhotoKey(id: "IMG_1.JPG"), .success(nil)))
        harness.press("j")
        let written = harness.press("5")
        #expect(written.contains { if case .writeDecision(PhotoKey(id: "IMG_1.JPG"), Decision(stars: 5), FilePath("/shoot/IMG_1.JPG"), [FilePath("/shoot/IMG_1.CR2")]) = $0 { true } else { false } })
    }
}

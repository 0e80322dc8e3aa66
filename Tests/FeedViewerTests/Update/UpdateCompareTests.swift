import FeedSources
import Foundation
import ImageLoading
import Testing
import TerminalKit
import FeedViewer
import TerminalGraphics
import TerminalScreen
import Vocabulary

@Suite("Update: V compares two photos side by side, each with its own load; Esc back")
struct UpdateCompareTests {
    private func harness(screen: CellSize = CellSize(columns: 100, rows: 24)) -> FeedHarness {
        var harness = FeedHarness(
            screen: screen, options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0))
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let photos = ["Alejandro Escamilla", "Paul Jarvis", "Aleks Dorohovich", "Vadim Sherbakov"].enumerated().map { index, author in
            FeedPhoto(
                id: String(index + 10), author: author, size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
        harness.showPage(photos, summary: "fake feed")
        return harness
    }

    private func token(_ effects: [FeedEffect], _ slot: LoadSlot) -> LoadToken? {
        for case .load(slot, let token, _, _) in effects { return token }
        return nil
    }

    @Test func VOpensTheFocusedPhotoAndTheNextEachAtHalfTheScreen() throws {
        // Given the first photo focused
        var harness = harness()
        // When V is pressed
        let effects = harness.press("V")
        // Then the detail view shows it on the left and the next on the right, each loading
        // in its own slot at the size of half the screen
        #expect(harness.model.detailKey?.id == "10")
        #expect(harness.model.comparedKey?.id == "11")
        let loads = effects.loads
        let left = try #require(loads.first { $0.slot == .detail })
        let right = try #require(loads.first { $0.slot == .compared })
        #expect(left.request.url?.absoluteString.contains("/id/10/") == true)
        #expect(right.request.url?.absoluteString.contains("/id/11/") == true)
        let full = DetailFrame.layout(in: CellSize(columns: 100, rows: 24))!.thumbnail.size
        let half = DetailFrame.layout(in: CellSize(columns: 50, rows: 24))!.thumbnail.size
        #expect(half.columns < full.columns)
        #expect(harness.model.message?.hasPrefix("comparing 10 with 11") == true)
    }

    @Test func twoMarkedPhotosAreComparedAndJStepsTheLeftOneOnly() {
        // Given photos 10 and 13 marked
        var harness = harness()
        harness.press("tjjt")
        // When V is pressed, then j
        harness.press("V")
        #expect(harness.model.detailKey?.id == "10")
        #expect(harness.model.comparedKey?.id == "13")
        harness.press("j")
        // Then the left one stepped, the right one stayed
        #expect(harness.model.detailKey?.id == "11")
        #expect(harness.model.comparedKey?.id == "13")
    }

    @Test func VAgainShowsTheLeftPhotoAloneAndEscGoesBackToTheList() {
        // Given the compare view
        var harness = harness()
        harness.press("V")
        // When V again: one photo, at the whole screen, the right side's load cancelled
        let single = harness.press("V")
        #expect(single.contains { if case .cancel(.compared) = $0 { true } else { false } })
        #expect(harness.model.comparedKey == nil && harness.model.detailKey?.id == "10")
        // When V, then Esc: the list, nothing compared
        harness.press("V")
        let back = harness.press(.escape)
        #expect(back.contains { if case .cancel(.compared) = $0 { true } else { false } })
        #expect(harness.model.detailKey == nil && harness.model.comparedKey == nil)
        // And at the last photo V says it needs two
        harness.press("G")
        harness.press("V")
        #expect(harness.model.detailKey == nil)
        #expect(harness.model.message?.hasPrefix("compare needs two photos") == true)
    }

    @Test func theCompareFrameDrawsBothPhotosSideBySide() throws {
        // Given the compare view at 96×16, both pictures loaded
        var harness = harness(screen: CellSize(columns: 96, rows: 16))
        let effects = harness.press("V")
        harness.send(.phase(.detail, try #require(token(effects, .detail)), FakeImages.success(width: 86, height: 40)))
        harness.send(.phase(.compared, try #require(token(effects, .compared)), FakeImages.success(width: 86, height: 40)))
        // When the frame is drawn
        let frame = harness.frame()
        let text = FrameText.plain(frame.cells)
        // Then both titles show, left and right, and each picture is placed in its half
        #expect(text.contains("Alejandro Escamilla") && text.contains("Paul Jarvis"))
        #expect(frame.pictures.map(\.key).sorted() == ["compared", "detail"])
        let columns = Dictionary(uniqueKeysWithValues: frame.pictures.map { ($0.key, $0.origin.column) })
        #expect((columns["detail"] ?? 99) < 48 && (columns["compared"] ?? 0) >= 48)
        Golden.assertMatches(text, named: "viewer-compare-loaded.txt")
    }
}

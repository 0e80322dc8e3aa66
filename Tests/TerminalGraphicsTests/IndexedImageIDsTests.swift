import Testing
import TerminalKit
@testable import TerminalGraphics
import Vocabulary

/// Placeholders named by a 256-colour index (tmux without RGB): small ids, kept while on
/// screen, reused only off screen, and a reused id is transmitted again before it shows.
@Suite struct IndexedImageIDsTests {
    @Test func idsArePaletteIndicesAboveTheANSIColoursWithATopByte() {
        #expect(IndexedImageIDs.id(at: 0) == 16)
        #expect(IndexedImageIDs.id(at: 239) == 255)
        #expect(IndexedImageIDs.id(at: 240) == 1 << 24 | 16)
        #expect(IndexedImageIDs.capacity == 30_720)  // 240 indices × top bytes 0…127
        // Every id leaves bits 8–23 clear (the colour carries only the low byte).
        for n in stride(from: 0, to: IndexedImageIDs.capacity, by: 977) {
            #expect(IndexedImageIDs.id(at: n) & 0x00FF_FF00 == 0)
        }
    }

    @Test func imagesOnScreenKeepTheirIdsAndOnlyOffScreenOnesAreReused() {
        // Given: room for three ids
        var ids = IndexedImageIDs(limit: 3, first: 0)
        #expect(ids.assign(onScreen: [100, 200, 300]).count == 3)
        let kept = ids.id(for: 200)
        // When: 200 and 300 stay, 100 leaves and 400 comes
        let reassigned = ids.assign(onScreen: [200, 300, 400])
        // Then: 400 takes 100's id, which must be transmitted again; the others keep theirs
        #expect(reassigned == [ids.id(for: 400)!])
        #expect(ids.id(for: 400) != nil && ids.id(for: 100) == nil)
        #expect(ids.id(for: 200) == kept)
        // And: with every id on screen, a fourth image gets none rather than a stale one
        _ = ids.assign(onScreen: [200, 300, 400, 500])
        #expect(ids.id(for: 500) == nil)
    }

    @Test func aProcessBeginsItsIdsAtItsOwnPlaceAndWrapsAround() {
        // Given: ids beginning at the last one, and this process's own beginning
        var last = IndexedImageIDs(first: IndexedImageIDs.capacity - 1)
        var ours = IndexedImageIDs()
        // When: two images are named by each
        _ = last.assign(onScreen: [1, 2])
        _ = ours.assign(onScreen: [1, 2])
        // Then: the first takes the last id and wraps to the first; the process's begins at its own place
        #expect(last.id(for: 1) == IndexedImageIDs.id(at: IndexedImageIDs.capacity - 1))
        #expect(last.id(for: 2) == IndexedImageIDs.id(at: 0))
        #expect(ours.id(for: 1) == IndexedImageIDs.id(at: IndexedImageIDs.processFirst))
        #expect((0..<IndexedImageIDs.capacity).contains(IndexedImageIDs.processFirst))
    }
}

/// No picture is asked for beyond the stated budget, whatever the cells or the width.
@Suite struct PixelBudgetTests {
    @Test func sizesBeyondTheBudgetShrinkKeepingTheirAspect() {
        #expect(PixelBudget.clamp(PixelSize(width: 800, height: 600)) == PixelSize(width: 800, height: 600))
        let huge = PixelBudget.clamp(PixelSize(width: 128_000, height: 64_000))
        #expect(huge.width * huge.height <= PixelBudget.maximumPixels)
        #expect(max(huge.width, huge.height) <= PixelBudget.maximumSide)
        #expect(abs(Double(huge.width) / Double(huge.height) - 2) < 0.01)
        // And every protocol asks within it even with the largest believed cell
        for graphics in GraphicsProtocols.all {
            let asked = graphics.pixelSize(
                forImage: PixelSize(width: 6000, height: 4000), in: CellSize(columns: 200, rows: 60),
                cellPixels: PixelSize(width: 128, height: 256))
            #expect(asked.width * asked.height <= PixelBudget.maximumPixels, "\(graphics.name)")
        }
    }
}

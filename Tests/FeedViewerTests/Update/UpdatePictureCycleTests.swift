import BlockArt
import FeedSources
import Foundation
import ImageLoading
import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary

/// `m` (the next picture variant: for block art, the next symbol set): kept bitmaps are
/// re-rendered when they are big enough, and items reload at the new pixel size when they are
/// not, keeping the old picture meanwhile. The cycle is half (1×2 px a cell) → quad (2×2) →
/// sextant (2×3) → block (4×8) → ascii (1×2) → half.
@Suite("Update: picture variants (m)")
struct UpdatePictureCycleTests {
    private func harness(symbols: SymbolSet) -> FeedHarness {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 24),
            options: FeedViewerOptions(
                thumbnail: CellSize(columns: 16, rows: 6), art: BlockArtOptions(symbols: symbols), prefetch: 0))
        harness.showPage(TestPhotos.picsum(3))
        return harness
    }

    /// Loads every visible item with a bitmap of exactly the size it asked for.
    private func loadVisible(_ harness: inout FeedHarness) throws -> [PhotoKey: PixelSize] {
        var sizes: [PhotoKey: PixelSize] = [:]
        for key in harness.model.visibleKeys {
            let size = try #require(harness.model.requestedPixels(of: key))
            harness.deliver(FakeImages.success(width: size.width, height: size.height), to: key.id)
            sizes[key] = size
        }
        try #require(!sizes.isEmpty)
        return sizes
    }

    @Test func theCycleOrderAndPixelsPerCell() {
        #expect(SymbolSet.allCases == [.half, .quad, .sextant, .block, .ascii])
        let pixels = SymbolSet.allCases.map { [$0.pixelsPerCellX, $0.pixelsPerCellY] }
        #expect(pixels == [[1, 2], [2, 2], [2, 3], [4, 8], [1, 2]])
        var renderer: any PictureRenderer = BlockArtPictures(options: BlockArtOptions(symbols: .half))
        var names: [String] = []
        for _ in 0..<5 {
            renderer = renderer.nextVariant() ?? renderer
            names.append(renderer.name)
        }
        #expect(names == ["quad", "sextant", "block", "ascii", "half"])
    }

    @Test func aVariantNeedingMorePixelsReloadsAtTheLargerSizeKeepingTheOldPicture() throws {
        // Given items loaded under half symbols (1×2 px a cell)
        var harness = harness(symbols: .half)
        let before = try loadVisible(&harness)

        // When m switches to quad symbols (2×2 px a cell)
        let effects = harness.press("m")

        // Then each loaded item loads again, wider than before
        #expect(harness.model.pictures.name == "quad")
        #expect(harness.model.message == "symbols: quad")
        for (key, old) in before {
            let reloads = effects.loads.filter { $0.slot == .item(key) }
            #expect(reloads.count == 1, "item \(key) reloads once")
            let new = try #require(reloads.first.flatMap { TestPhotos.requestedSize($0.request) })
            #expect(new.width > old.width && new.height >= old.height)
            // And the old picture, re-rendered in the new symbols, stays shown meanwhile
            #expect(harness.model.picture(of: key) != nil)
            guard case .loaded? = harness.model.state(of: key) else {
                Issue.record("item \(key) lost its picture: \(String(describing: harness.model.state(of: key)))")
                continue
            }
        }

        // When the reload reports loading (as the live loader does), the picture is still shown
        let key = try #require(before.keys.min { $0.id < $1.id })
        harness.deliver(.loading(LoadProgress(completed: 0, total: nil)), to: key.id)
        #expect(harness.model.picture(of: key) != nil)
        #expect(harness.model.visibleRowsWaiting.waiting == 0)

        // When the new, larger picture arrives, it replaces the kept bitmap
        let new = try #require(harness.model.requestedPixels(of: key))
        harness.deliver(FakeImages.success(width: new.width, height: new.height), to: key.id)
        #expect(harness.model.bitmap(of: key)?.size == new)
    }

    @Test func aVariantNeedingFewerPixelsReRendersWithoutReloading() throws {
        // Given items loaded under block symbols (4×8 px a cell)
        var harness = harness(symbols: .block)
        let loaded = try loadVisible(&harness)

        // When m switches to ascii (1×2 px a cell)
        let effects = harness.press("m")

        // Then nothing loads, and the items show re-rendered pictures
        #expect(harness.model.pictures.name == "ascii")
        #expect(effects.loads.isEmpty)
        for key in loaded.keys {
            let picture = try #require(harness.model.picture(of: key))
            // ascii draws with the luminance ramp: no block glyphs are left
            #expect(!picture.cells.cells.contains { "▀▄█▌▐".contains($0.grapheme) })
        }
    }

    @Test func itemsStillLoadingRestartAtTheLargerSize() throws {
        // Given items whose loads (at the half-symbol size) are still running
        var harness = harness(symbols: .half)
        let visible = harness.model.visibleKeys
        let before = try visible.map { try #require(harness.model.requestedPixels(of: $0)) }

        // When m switches to quad symbols
        let effects = harness.press("m")

        // Then each running load is replaced by one at the larger size, at the same priority
        for (index, key) in visible.enumerated() {
            let restarts = effects.loads.filter { $0.slot == .item(key) }
            #expect(restarts.count == 1, "item \(key) restarts once")
            #expect(restarts.first?.priority == .high)
            #expect(harness.model.requestedPixels(of: key) != before[index])
        }
    }

    @Test func aFailedReloadKeepsThePictureAndSaysWhy() throws {
        // Given an item loaded under half symbols, reloading after m
        var harness = harness(symbols: .half)
        _ = try loadVisible(&harness)
        harness.press("m")
        let key = PhotoKey(id: "0")
        let picture = harness.model.picture(of: key)

        // When that reload fails
        harness.deliver(.failure(.httpStatus(503)), to: "0")

        // Then the item keeps its picture, the state line gives the reason, and r retries it
        #expect(harness.model.state(of: key) == .failed(reason: "HTTP 503"))
        #expect(harness.model.picture(of: key) == picture)
        #expect(harness.text().contains("HTTP 503"))
        #expect(harness.press("r").loadPriorities(of: "0") == [.high])
    }
}

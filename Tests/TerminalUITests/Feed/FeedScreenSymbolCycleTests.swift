import BlockArt
import FeedSources
import Foundation
import ImageCodecs
import ImageLoading
import Testing

@testable import TerminalUI

/// `m` (next symbol set) through the loop: kept bitmaps are re-rendered when they are big
/// enough, and rows reload at the new pixel size when they are not, keeping the old picture
/// on screen meanwhile. The cycle is half (1×2 px a cell) → quad (2×2) → sextant (2×3) →
/// block (4×8) → ascii (1×2) → half.
@Suite("Feed screen symbol cycling")
struct FeedScreenSymbolCycleTests {
    private func viewer(symbols: SymbolSet, pipeline: FakePipeline, screen: MemoryScreen) -> FeedScreen {
        let options = FeedViewerOptions(
            thumbnail: TerminalSize(rows: 6, columns: 16), art: BlockArtOptions(symbols: symbols), prefetch: 0)
        let viewer = FeedScreen(
            screen: screen, feed: FakeFeed(count: 0), feedName: "fake feed", pipeline: pipeline, options: options,
            clock: .frozen)
        let base = URL(fileURLWithPath: "/").appendingPathComponent("feed")
        let photos = (0..<3).map { index in
            FeedPhoto(
                id: String(index), author: "Author \(index)", size: PixelSize(width: 400, height: 300),
                origin: .picsum(base: base, cacheNamespace: nil))
        }
        viewer.receivePage(.success(FeedPage(photos: photos, summary: "fake feed", hasMore: false)))
        return viewer
    }

    /// Every `{w}/{h}` a picsum-style loader was asked for, in order.
    private func requestedSizes(_ loader: FakeRowLoader) -> [PixelSize] {
        loader.calls.compactMap { call -> PixelSize? in
            guard case .load(let url?, _) = call else { return nil }
            let parts = url.pathComponents.suffix(2).compactMap { Int($0) }
            return parts.count == 2 ? PixelSize(width: parts[0], height: parts[1]) : nil
        }
    }

    /// Loads every visible row with a bitmap of exactly the size it asked for.
    private func loadVisibleRows(_ viewer: FeedScreen, _ pipeline: FakePipeline) throws -> [Int: FakeRowLoader] {
        var loaders: [Int: FakeRowLoader] = [:]
        for row in viewer.list.visibleRows {
            let loader = try #require(viewer.rows[row].loader as? FakeRowLoader)
            let size = try #require(requestedSizes(loader).last)
            viewer.receive(FakeImages.success(width: size.width, height: size.height), row: row, generation: 1)
            loaders[row] = loader
        }
        try #require(!loaders.isEmpty)
        return loaders
    }

    @Test func theCycleOrderAndPixelsPerCell() {
        #expect(SymbolSet.allCases == [.half, .quad, .sextant, .block, .ascii])
        let pixels = SymbolSet.allCases.map { [$0.pixelsPerCellX, $0.pixelsPerCellY] }
        #expect(pixels == [[1, 2], [2, 2], [2, 3], [4, 8], [1, 2]])
    }

    @Test func aSetNeedingMorePixelsReloadsAtTheLargerSizeKeepingTheOldPicture() throws {
        // Given rows loaded under half symbols (1×2 px a cell)
        let pipeline = FakePipeline()
        let screen = MemoryScreen(size: TerminalSize(rows: 24, columns: 64))
        let viewer = viewer(symbols: .half, pipeline: pipeline, screen: screen)
        let loaders = try loadVisibleRows(viewer, pipeline)
        let before = loaders.compactMapValues { requestedSizes($0).last }

        // When m switches to quad symbols (2×2 px a cell)
        viewer.handle(.key(.character("m")))

        // Then each loaded row's loader gets a new load, wider than before
        #expect(viewer.options.art.symbols == .quad)
        for (row, loader) in loaders {
            let sizes = requestedSizes(loader)
            #expect(sizes.count == 2, "row \(row) reloads once")
            let old = try #require(before[row])
            let new = try #require(sizes.last)
            #expect(new == viewer.pixelSize(for: viewer.rows[row].entry, box: viewer.options.thumbnail))
            #expect(new.width > old.width && new.height >= old.height)
        }

        // And the old picture, re-rendered in the new symbols, stays shown meanwhile
        for row in loaders.keys {
            #expect(viewer.rows[row].model.thumbnail != nil)
            guard case .loaded = viewer.rows[row].model.state else {
                Issue.record("row \(row) lost its picture: \(viewer.rows[row].model.state)")
                continue
            }
        }

        // When the new, larger picture arrives
        let row = try #require(loaders.keys.min())
        let loader = try #require(loaders[row])
        let new = try #require(requestedSizes(loader).last)
        viewer.receive(FakeImages.success(width: new.width, height: new.height), row: row, generation: 1)

        // Then it replaces the kept bitmap
        #expect(viewer.rows[row].bitmap?.size == new)
    }

    @Test func aSetNeedingFewerPixelsReRendersWithoutReloading() throws {
        // Given rows loaded under block symbols (4×8 px a cell)
        let pipeline = FakePipeline()
        let screen = MemoryScreen(size: TerminalSize(rows: 24, columns: 64))
        let viewer = viewer(symbols: .block, pipeline: pipeline, screen: screen)
        let loaders = try loadVisibleRows(viewer, pipeline)
        let calls = loaders.mapValues(\.calls)

        // When m switches to ascii (1×2 px a cell)
        viewer.handle(.key(.character("m")))

        // Then no loader is asked for anything, and the rows keep showing their pictures
        #expect(viewer.options.art.symbols == .ascii)
        #expect(loaders.mapValues(\.calls) == calls)
        for row in loaders.keys {
            #expect(viewer.rows[row].model.thumbnail != nil)
            #expect(viewer.rows[row].model.state.showsPlaceholder == false)
        }
    }

    @Test func rowsStillLoadingRestartAtTheLargerSize() throws {
        // Given rows whose loads (at the half-symbol size) are still running
        let pipeline = FakePipeline()
        let screen = MemoryScreen(size: TerminalSize(rows: 24, columns: 64))
        let viewer = viewer(symbols: .half, pipeline: pipeline, screen: screen)
        let visible = Array(viewer.list.visibleRows)
        try #require(!visible.isEmpty)
        let loaders = try visible.map { try #require(viewer.rows[$0].loader as? FakeRowLoader) }
        let before = try loaders.map { try #require(requestedSizes($0).last) }

        // When m switches to quad symbols
        viewer.handle(.key(.character("m")))

        // Then each running load is replaced by one at the larger size
        for (index, row) in visible.enumerated() {
            let sizes = requestedSizes(loaders[index])
            #expect(sizes.count == 2, "row \(row) restarts once")
            #expect(sizes.last == viewer.pixelSize(for: viewer.rows[row].entry, box: viewer.options.thumbnail))
            #expect(sizes.last != before[index])
        }
    }

    @Test func aReloadingRowKeepsItsPictureWhileTheLoaderSaysLoading() throws {
        // Given a row loaded under half symbols
        let pipeline = FakePipeline()
        let screen = MemoryScreen(size: TerminalSize(rows: 24, columns: 64))
        let viewer = viewer(symbols: .half, pipeline: pipeline, screen: screen)
        _ = try loadVisibleRows(viewer, pipeline)

        // When m reloads it and the loader reports loading (as the live ImageLoader does on every load)
        viewer.handle(.key(.character("m")))
        viewer.receive(.loading(LoadProgress(completed: 0, total: nil)), row: 0, generation: 1)

        // Then the old picture is still shown, not the placeholder
        #expect(!viewer.rows[0].model.showsPlaceholder)
        var shown = viewer.rows[0].model
        shown.state = .loaded(source: .memory, bytes: 0, duration: .zero)
        let options = RowRenderOptions(placeholder: .spinner)
        let box = RowView.thumbnail(viewer.rows[0].model, size: viewer.options.thumbnail, frame: 0, options: options)
        #expect(box == RowView.thumbnail(shown, size: viewer.options.thumbnail, frame: 0, options: options))
        #expect(viewer.rows[0].model.thumbnail != nil)
    }

    @Test func aFailedReloadKeepsThePictureAndSaysWhy() throws {
        // Given a row loaded under half symbols
        let pipeline = FakePipeline()
        let viewer = viewer(symbols: .half, pipeline: pipeline, screen: MemoryScreen(size: TerminalSize(rows: 24, columns: 64)))
        _ = try loadVisibleRows(viewer, pipeline)
        let options = RowRenderOptions(placeholder: .shimmer)

        // When m reloads it at a larger size and that load fails
        viewer.handle(.key(.character("m")))
        var shown = viewer.rows[0].model
        shown.state = .loaded(source: .memory, bytes: 0, duration: .zero)
        #expect(shown.thumbnail != nil)
        viewer.receive(.failure(.httpStatus(503)), row: 0, generation: 1)

        // Then the box keeps the picture, the state line gives the reason, and r can retry it
        #expect(viewer.rows[0].model.state == .failed(reason: "HTTP 503"))
        let box = RowView.thumbnail(viewer.rows[0].model, size: viewer.options.thumbnail, frame: 0, options: options)
        #expect(box == RowView.thumbnail(shown, size: viewer.options.thumbnail, frame: 0, options: options))
        #expect(viewer.planner.failed.contains(0))
    }
}

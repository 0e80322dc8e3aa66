import FeedSources
import ImageLoading
import Testing
import TerminalKit
@testable import FeedViewer
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// `v` switches between the list and the grid, and a resize reflows the grid: the pictures
/// already loaded are drawn again at the new box's size, so the frame after the change is the
/// frame of a viewer that started in that layout, at that size, with the same images (the
/// status bar's note aside). The grid's pictures once kept the list's size after `v` and were
/// drawn over the first line's captions: the box was measured after the layout had changed.
@Suite("Update: switching the layout (v) and resizing redraw the pictures at the new box")
struct UpdateLayoutSwitchTests {
    private static let screen = CellSize(columns: 160, rows: 48)

    private func harness(layout: LayoutKind, screen: CellSize = Self.screen, graphics: PictureBackend = .blocks)
        -> FeedHarness
    {
        var harness = FeedHarness(
            screen: screen, options: FeedViewerOptions(layout: layout, prefetch: 0, graphics: graphics))
        harness.showPage(TestPhotos.files(12))
        return harness
    }

    /// Delivers to every visible item still loading an image of `sizes[key]`, else of the size
    /// it asked for; returns the sizes every visible item was given so far.
    @discardableResult
    private func loadVisible(_ harness: inout FeedHarness, sizes: [PhotoKey: PixelSize] = [:]) throws
        -> [PhotoKey: PixelSize]
    {
        var given = sizes
        for key in harness.model.visibleKeys where harness.model.loadStatus(of: key) != .loaded {
            let pixels = try #require(sizes[key] ?? harness.model.requestedPixels(of: key))
            harness.deliver(FakeImages.success(width: pixels.width, height: pixels.height, source: .memory), to: key.id)
            given[key] = pixels
        }
        return given
    }

    /// What two frames must share: every line but the status bar, and every picture placed.
    private func expectSameScreen(
        _ actual: FeedHarness, as reference: FeedHarness, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = { (harness: FeedHarness) in harness.text().components(separatedBy: "\n").dropLast() }
        #expect(lines(actual) == lines(reference), sourceLocation: sourceLocation)
        let placements = { (harness: FeedHarness) in
            harness.frame().pictures.map { placement in
                "\(placement.key) \(placement.picture.size) at \(placement.origin.row),\(placement.origin.column)"
                    + (placement.picture.image.map { " from \($0.bitmap.size)" } ?? "")
            }
        }
        #expect(placements(actual) == placements(reference), sourceLocation: sourceLocation)
        // Block art's cells are the picture (kitty's name an image by a number of its own)
        if actual.frame().pictures.allSatisfy({ $0.picture.image == nil }) {
            #expect(actual.frame().pictures == reference.frame().pictures, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [PictureBackend.blocks, .pixels(.kitty), .pixels(.kittyPlaceholders)])
    func theListSwitchedToTheGridDrawsTheGridsFrame(graphics: PictureBackend) throws {
        // Given the list with its visible pictures loaded, in block art or kitty's pixels
        var list = harness(layout: .list, graphics: graphics)
        var sizes = try loadVisible(&list)
        #expect(sizes.count == 4)
        // When v switches to the grid and the photos it brings into view load
        list.press("v")
        sizes = try loadVisible(&list, sizes: sizes)
        // Then the frame is the one of a viewer started in the grid with the same images: the
        // first line's pictures at the grid's box, under their captions
        var grid = harness(layout: .grid, graphics: graphics)
        try loadVisible(&grid, sizes: sizes)
        #expect(grid.model.geometry.picture.size != harness(layout: .list).model.geometry.picture.size)
        expectSameScreen(list, as: grid)
        #expect(list.text().contains("A0                              A1"))
    }

    @Test func theGridSwitchedToTheListDrawsTheListsFrame() throws {
        // Given the grid with its visible pictures loaded (decoded at the grid's smaller size)
        var grid = harness(layout: .grid)
        try loadVisible(&grid)
        // When v switches to the list
        let effects = grid.press("v")
        // Then the pictures too small for the list's box load again at its size, and once they
        // have, the frame is the one of a viewer started in the list
        #expect(effects.startedIDs.sorted() == ["0", "1", "2", "3"])
        let sizes = try reload(&grid)
        var list = harness(layout: .list)
        try loadVisible(&list, sizes: sizes)
        expectSameScreen(grid, as: list)
    }

    @Test func aResizedGridDrawsTheFrameOfAGridStartedAtThatSize() throws {
        // Given the grid with its visible pictures loaded
        var grid = harness(layout: .grid)
        try loadVisible(&grid)
        let smaller = CellSize(columns: 100, rows: 40)
        // When the terminal shrinks to fewer, smaller cells
        grid.send(.input(.resize(smaller)))
        // Then the frame is the one of a grid started at that size with the same images
        let sizes = try reload(&grid)
        var reference = harness(layout: .grid, screen: smaller)
        try loadVisible(&reference, sizes: sizes)
        expectSameScreen(grid, as: reference)
    }

    @Test func theGridAfterThePhotoViewDrawsAsBefore() throws {
        // Given the list with its pictures loaded, switched to the grid
        var grid = harness(layout: .list)
        var sizes = try loadVisible(&grid)
        grid.press("v")
        sizes = try loadVisible(&grid, sizes: sizes)
        let before = grid.frame().pictures
        // When the photo view opens on the focused photo and closes
        grid.press(.enter)
        grid.deliverDetail(FakeImages.success(width: 300, height: 200))
        grid.press(.escape)
        // Then the grid is drawn as it was
        #expect(grid.frame().pictures == before)
        var reference = harness(layout: .grid)
        try loadVisible(&reference, sizes: sizes)
        expectSameScreen(grid, as: reference)
    }

    @Test func aGridResizedUnderThePhotoViewIsDrawnAtTheNewSizeOnReturn() throws {
        // Given the grid with its pictures loaded, the photo view open on the focused photo
        var grid = harness(layout: .grid)
        try loadVisible(&grid)
        grid.press(.enter)
        let smaller = CellSize(columns: 100, rows: 40)
        // When the terminal shrinks under the photo view, and Esc goes back to the grid
        grid.send(.input(.resize(smaller)))
        grid.press(.escape)
        // Then the grid is the one of a grid started at that size with the same images
        let sizes = try reload(&grid)
        var reference = harness(layout: .grid, screen: smaller)
        try loadVisible(&reference, sizes: sizes)
        expectSameScreen(grid, as: reference)
    }

    /// Options as the viewer starts them when the probe heard nothing in time: block art at 1:2.
    private func startedBeforeTheCellSize(layout: LayoutKind) -> FeedViewerOptions {
        var options = FeedViewerOptions(layout: layout, prefetch: 0)
        let selection = GraphicsSelection(backend: .blocks, reason: "blocks (no reply from the terminal)")
        options.terminal = TerminalProfile(
            replies: TerminalReplies(), request: .auto, environment: ["TERM": "xterm-256color"], tmux: nil,
            selection: selection, colors: ColorDepth.Decision(depth: .truecolor, source: "COLORTERM"))
        return options
    }

    /// The terminal's cell size, 8×19 pixels, then the probe's fence, as replies.
    private func lateCellSize(into harness: inout FeedHarness) {
        var parser = TerminalInputParser()
        for input in parser.feed(Array("\u{1B}[6;19;8t\u{1B}[?62;c".utf8)) {
            if case .reply(let reply) = input { harness.send(.input(.terminalReply(reply))) }
        }
    }

    @Test func aLateCellSizeReflowsTheGridToTheColumnsItsWiderBoxesLeave() throws {
        // Given the grid at 1:2 (five 30-column boxes a line), its visible pictures loaded
        var grid = FeedHarness(screen: Self.screen, options: startedBeforeTheCellSize(layout: .grid))
        grid.showPage(TestPhotos.files(12))
        try loadVisible(&grid)
        #expect(grid.model.list.columns == 5)
        // When the terminal's cell size (8×19 pixels) arrives late: wider boxes, four a line
        lateCellSize(into: &grid)
        // Then the list has the grid's columns, and once the photos brought into view load, the
        // frame is the one of a grid that knew the cell size from the start
        #expect(grid.model.options.art.cellAspect == 19.0 / 8)
        #expect(grid.model.list.columns == grid.model.geometry.columns)
        #expect(grid.model.list.columns == 4)
        let sizes = try reload(&grid)
        var known = startedBeforeTheCellSize(layout: .grid)
        known.art.cellAspect = 19.0 / 8
        var reference = FeedHarness(screen: Self.screen, options: known)
        reference.showPage(TestPhotos.files(12))
        try loadVisible(&reference, sizes: sizes)
        expectSameScreen(grid, as: reference)
    }

    /// Delivers every load running for a visible item (the reloads at a bigger box) at the size
    /// it asked for; returns the size each visible item's picture was drawn from.
    private func reload(_ harness: inout FeedHarness) throws -> [PhotoKey: PixelSize] {
        var sizes: [PhotoKey: PixelSize] = [:]
        for key in harness.model.visibleKeys {
            let pixels = try #require(harness.model.requestedPixels(of: key))
            if case .running = harness.model.loadStatus(of: key) {
                harness.deliver(FakeImages.success(width: pixels.width, height: pixels.height, source: .memory), to: key.id)
            }
            sizes[key] = pixels
        }
        return sizes
    }
}

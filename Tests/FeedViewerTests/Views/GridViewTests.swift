import FeedSources
import Foundation
import ImageLoading
import Testing
import FeedViewer
import TerminalText
import TerminalGraphics
import Vocabulary

/// Whole frames of the grid and of the list with `--thumb auto`, as golden text.
@Suite("Grid and auto-sized list frames")
struct GridViewTests {
    private static let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}Eve"

    /// Photos with the given authors (400×300 originals).
    private static func photos(_ authors: [String]) -> [FeedPhoto] {
        authors.enumerated().map { index, author in
            FeedPhoto(
                id: String(index), author: author, size: PixelSize(width: 400, height: 300),
                origin: .original(URL(fileURLWithPath: "/photos/\(index).jpg")))
        }
    }

    /// A 64×21 grid of 16×6 boxes (3 columns, 2½ lines) over `authors`.
    private func grid(_ authors: [String], placeholder: PlaceholderStyle = .spinner, box: CellSize? = nil)
        -> FeedHarness
    {
        var harness = FeedHarness(
            screen: CellSize(columns: 64, rows: 21),
            options: FeedViewerOptions(
                thumbnail: box ?? CellSize(columns: 16, rows: 6), layout: .grid, placeholder: placeholder, prefetch: 0),
            pictures: SolidPictures())
        harness.showPage(Self.photos(authors), summary: "fake feed")
        return harness
    }

    @Test func gridWhileLoadingAndAfterFailures() {
        // Given nine cells: loading with and without a known size, failed, not yet reporting, a hostile author
        var harness = grid([
            "Alejandro Escamilla", "Paul Jarvis", "Tina Rataj", Self.hostile, "Aleks Dorohovich", "Yoni Kaplan",
            "Ryan Mcguire", "Nithya Ramanujam", "Go Wild",
        ])
        harness.deliver(.loading(LoadProgress(completed: 1_200, total: 4_000)), to: "0")
        harness.deliver(.loading(LoadProgress(completed: 300, total: nil)), to: "1")
        harness.deliver(.failure(.httpStatus(500)), to: "2")
        harness.deliver(.failure(.timedOut("slow")), to: "3")

        // When the frame is drawn at animation frame 2
        let frame = harness.frame(animationFrame: 2)
        let text = FrameText.plain(frame.cells)

        // Then spinners with percentages, failure marks, the hostile author as plain text
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("✗ Tina Rataj"))
        #expect(text.contains("30% Alejandro"))
        Golden.assertMatches(text, named: "grid-loading-failed.txt")
        Golden.assertMatches(FrameText.ansi(frame.cells), named: "grid-loading-failed.ansi")
    }

    @Test func gridLoadedPlacesEveryPictureInItsCell() {
        // Given every visible cell loaded
        var harness = grid((0..<12).map { "Author \($0)" })
        for id in 0..<9 { harness.deliver(FakeImages.success(source: .memory), to: "\(id)") }
        harness.press("l")

        // When the frame is drawn
        let frame = harness.frame()

        // Then the golden shows a contact sheet, the focus on the second cell, pictures placed in each box
        Golden.assertMatches(FrameText.plain(frame.cells), named: "grid-loaded.txt")
        #expect(frame.pictures.count == 9)
        let columns = Set(frame.pictures.map(\.origin.column))
        #expect(columns == [1, 19, 37])
        #expect(frame.pictures.first { $0.key == "4" }?.origin == CellPoint(row: 8, column: 19))
    }

    @Test func captionsAreCutByDisplayWidthNeverInsideACharacter() {
        // Given narrow cells (10-column boxes: 11-column captions) and wide, combining and long names
        var harness = grid(
            ["高橋ひろしさんの写真", "Zoe\u{0308} Ångström-Weiß", "Ａｌｅｘ Ｗｉｄｅ", "Ann", "😀 emoji first", "a\u{0301}b\u{0301}c\u{0301}d\u{0301}e\u{0301}f\u{0301}g\u{0301}h\u{0301}i\u{0301}j\u{0301}k\u{0301}l\u{0301}"],
            box: CellSize(columns: 10, rows: 3))
        for id in 0..<6 { harness.deliver(FakeImages.success(), to: "\(id)") }

        // When the frame is drawn
        let text = harness.text()

        // Then every caption fits its cell and ends in an ellipsis where it was cut
        Golden.assertMatches(text, named: "grid-captions.txt")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let captions = lines[3]
        #expect(captions.contains("高橋ひろし…"))
        #expect(captions.contains("Zoe\u{0308} Ångstr…"))
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 64 })
    }

    @Test func aGridOnATerminalNarrowerThanOneCellShowsTheTinyMessage() {
        var harness = FeedHarness(
            screen: CellSize(columns: 12, rows: 12),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), layout: .grid))
        harness.showPage(TestPhotos.files(5))
        let text = harness.text()
        #expect(text.contains("terminal too"))
        #expect(text.contains("17×9"))
    }

    @Test func aOneColumnGridStillWorks() {
        // Given the grid on a terminal that fits exactly one cell across
        var harness = FeedHarness(
            screen: CellSize(columns: 20, rows: 21),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), layout: .grid, prefetch: 0))
        harness.showPage(TestPhotos.files(5))
        // Then one cell a line, and h/l and j/k walk through them one by one
        #expect(harness.model.list.columns == 1)
        harness.press("lj")
        #expect(harness.model.list.focus == 2)
        #expect(harness.text().contains("A2"))
    }

    // MARK: The list with --thumb auto

    /// The list at `size` with auto-sized boxes: loaded from memory, from the network, loading, failed.
    private func autoList(_ size: CellSize) -> FeedHarness {
        var harness = FeedHarness(
            screen: size, options: FeedViewerOptions(placeholder: .spinner, prefetch: 0), pictures: SolidPictures())
        harness.showPage(
            Self.photos(["Alejandro Escamilla", "Paul Jarvis", "高橋 ひろし", "Tina Rataj", "Go Wild", "Yoni Kaplan"]),
            summary: "fake feed")
        harness.deliver(FakeImages.success(source: .memory), to: "0")
        harness.deliver(FakeImages.success(source: .network), to: "1")
        harness.deliver(.loading(LoadProgress(completed: 120_000, total: 280_000, resumedFrom: 84_000)), to: "2")
        harness.deliver(.failure(.httpStatus(503)), to: "3")
        return harness
    }

    @Test(arguments: [(24, 80), (45, 140), (70, 240)])
    func autoSizedList(rows: Int, columns: Int) {
        // Given the list with --thumb auto on a terminal of this size
        let harness = autoList(CellSize(columns: columns, rows: rows))

        // Then the box is about a third of the height, 3:2, and the frame matches its golden
        let box = harness.model.geometry.picture.size
        #expect(box == ThumbnailBox.list(for: CellSize(columns: columns, rows: rows - 1), reserved: 3))
        #expect(box.columns == 3 * box.rows)
        #expect((3...4).contains((rows - 1) / harness.model.geometry.lineHeight))
        Golden.assertMatches(harness.text(animationFrame: 1), named: "list-auto-\(columns)x\(rows).txt")
    }

    @Test func theDetailedTextSaysWhereEachPhotoCameFrom() {
        // Given the auto-sized list on 140×45 (13-row boxes: the detailed text column)
        let text = autoList(CellSize(columns: 140, rows: 45)).text()

        // Then source, bytes and time, and a wide progress bar are shown
        #expect(text.contains("memory cache · 2 KB in 0 ms"))
        #expect(text.contains("file 2 KB in 0 ms"))  // these photos are files: the fetch read the file
        #expect(text.contains("loading 43% · 120/280 KB · resumed at 30%"))
        #expect(text.contains(String(repeating: "▓", count: 18) + String(repeating: "░", count: 22)))

        // And, scrolled to it, the failure and the hint
        var harness = autoList(CellSize(columns: 140, rows: 45))
        harness.press("jjj")
        #expect(harness.text().contains("✗ HTTP 503 · r to retry"))
    }
}

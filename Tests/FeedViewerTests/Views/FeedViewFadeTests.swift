import BlockArt
import FeedSources
import Foundation
import ImageLoading
import Testing
import FeedViewer
import TerminalGraphics
import Vocabulary

/// A downloaded picture fading in, drawn at chosen times: golden frames (24-bit block art) at
/// the fade's start, middle and end, and the blend itself.
@Suite("Feed view: pictures fading in")
struct FeedViewFadeTests {
    /// One photo on a 9×48 screen in a 16×6 box, its picture arrived from the network at 1 s.
    private func harness(colors: ColorDepth = .truecolor) -> FeedHarness {
        var options = FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0)
        options.art.colors = colors
        var harness = FeedHarness(screen: CellSize(columns: 48, rows: 9), options: options)
        let photo = FeedPhoto(
            id: "0", author: "Alejandro Escamilla", size: .init(width: 400, height: 300),
            origin: .original(URL(fileURLWithPath: "/photos/0.jpg")))
        harness.showPage([photo], summary: "fake feed")
        harness.now = .milliseconds(1_000)
        harness.deliver(FakeImages.success(), to: "0")
        return harness
    }

    @Test(arguments: [("fade-start", 1_000), ("fade-middle", 1_080), ("fade-end", 1_200)])
    func goldenFramesAtTheStartMiddleAndEnd(name: String, milliseconds: Int) {
        // Given a picture that arrived from the network at 1 s
        let harness = harness()
        // When the frame is drawn at the fade's start, middle (half way) or end
        let frame = FeedView.frame(of: harness.model, context: FeedView.Context(time: .milliseconds(milliseconds)))
        // Then it matches the golden: gray toward the picture's reds and blues, then the picture itself
        Golden.assertMatches(FrameText.ansi(frame.cells), named: "\(name).ansi")
    }

    @Test func in256ColoursTheMiddleStepIsTheNearestCubeEntryOfTheBlend() throws {
        // Given 256-colour block art fading in
        let harness = harness(colors: .palette256)
        let picture = try #require(harness.model.picture(of: PhotoKey(id: "0")))
        #expect(picture.cells.cells.contains { if case .indexed = $0.style.background { true } else { false } })
        // When the frame is drawn half way
        let frame = FeedView.frame(of: harness.model, context: FeedView.Context(time: .milliseconds(1_080)))
        // Then it matches its golden: palette entries between the gray and the picture's
        Golden.assertMatches(FrameText.ansi(frame.cells), named: "fade-middle-256.ansi")
        // And at the end the picture's own entries are back
        let end = FeedView.frame(of: harness.model, context: FeedView.Context(time: .milliseconds(1_200)))
        let fresh = FeedView.frame(of: harness.model, context: FeedView.Context(time: .milliseconds(5_000)))
        #expect(end.cells == fresh.cells)
    }

    @Test func eachCellGoesFromThePlaceholderGrayToThePicturesColour() throws {
        // Given a picture fading in
        let harness = harness()
        let picture = try #require(harness.model.picture(of: PhotoKey(id: "0")))
        let fade = try #require(harness.model.fade(of: PhotoKey(id: "0")))
        let original = try #require(picture.cells.cells.first { if case .rgb = $0.style.background { true } else { false } })
        guard case .rgb(let r, let g, let b) = original.style.background,
            case .rgb(let r0, let g0, let b0) = PictureFade.sourceColor
        else { return }
        // When it is blended half way (step 2 of 5: 3/6)
        let middle = fade.blend(picture, at: fade.start + .milliseconds(80))
        let index = try #require(picture.cells.cells.firstIndex(of: original))
        // Then each channel is half way from the gray to the picture's
        func half(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * 0.5).rounded()) }
        #expect(middle.cells.cells[index].style.background == .rgb(half(r0, r), half(g0, g), half(b0, b)))
        #expect(middle.cells.cells[index].grapheme == original.grapheme)
        // And at the end it is the picture itself
        #expect(fade.blend(picture, at: fade.start + PictureFade.duration) == picture)
    }

    @Test func cubeColoursBlendToTheNearestEntryAnsiAndDefaultColoursStay() {
        // Given cells in 24-bit, cube, ANSI and default colours
        // When blended half way from the placeholder's gray (48, 48, 48)
        // Then 24-bit blends exactly; cube red (255, 0, 0) becomes the entry nearest (152, 24, 24),
        // 88 (135, 0, 0), and is itself at the end; ANSI and default colours stay as they are
        #expect(PictureFade.mix(.rgb(0, 0, 0), .rgb(200, 100, 50), 0.5) == .rgb(100, 50, 25))
        #expect(PictureFade.mix(PictureFade.sourceColor, .indexed(196), 0.5) == .indexed(88))
        #expect(PictureFade.mix(PictureFade.sourceColor, .indexed(196), 1) == .indexed(196))
        #expect(PictureFade.mix(PictureFade.sourceColor, .indexed(9), 0.5) == .indexed(9))
        #expect(PictureFade.mix(PictureFade.sourceColor, .default, 0.5) == .default)
    }
}

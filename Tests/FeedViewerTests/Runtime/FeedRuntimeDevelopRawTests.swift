import FeedSources
import Foundation
import ImageLoading
import TerminalScreen
import Testing
import Vocabulary
@testable import FeedViewer

/// `E` in the photo view through the runtime and a real pipeline on a real DNG: the key's
/// command, the model's request, the pipeline's `.developRaw` decode (LibRaw) and the frame.
@Suite("Feed runtime: E develops a real RAW", .timeLimit(.minutes(1)))
struct FeedRuntimeDevelopRawTests {
    static let dng = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CodecFixtures/conformance/raw/preview-turned.dng")

    /// Follows the detail view's loader to its last phase and hands it to the runtime.
    private func settleDetail(_ runtime: FeedRuntime) async throws {
        let loader = try #require(runtime.loader(for: .detail))
        let token = try #require(runtime.model.detail?.token)
        for await phase in loader.phases where phase.isTerminal {
            runtime.send(.phase(.detail, token, phase))
            break
        }
    }

    @Test func eShowsTheSensorsPictureAndTheInfoLineSaysSo() async throws {
        // Given a DNG (a 64×96 preview over a sensor picture developed at 32×48) in a folder,
        // open in the photo view through a real pipeline
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-develop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("IMG_1.dng")
        try FileManager.default.copyItem(at: Self.dng, to: file)
        let pipeline = ImagePipeline(configuration: .init(dataLoader: FileDataLoader(), memoryCache: ImageCache()))
        let screen = MemoryScreen(size: CellSize(columns: 64, rows: 22))
        let runtime = FeedRuntime(
            screen: screen, feed: FakeFeed(count: 0), feedName: "shoot", pipeline: LiveFeedPipeline(pipeline: pipeline),
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0), clock: .frozen)
        let photo = FeedPhoto(id: "IMG_1.dng", author: "IMG_1.dng", size: PixelSize(width: 64, height: 96), origin: .original(file))
        runtime.send(.page(.success(FeedPage(photos: [photo], summary: "shoot", hasMore: false))))
        runtime.send(.input(.key(.enter)))
        try await settleDetail(runtime)
        runtime.render()
        let before = screen.plainText()

        // When E is pressed and the developed picture arrives
        runtime.send(.input(.key(.character("E"))))
        let said = runtime.model.message
        try await settleDetail(runtime)
        runtime.render()
        let after = screen.plainText()

        // Then the status bar said it, and the view shows the developed picture (its own size)
        // where the preview was, and says which
        #expect(said == "developing IMG_1.dng from its sensor data…")
        #expect(runtime.model.detail?.developed == true)
        #expect(runtime.model.detail?.originalSize == PixelSize(width: 32, height: 48))
        #expect(before.contains("64×96 · preview"), "\(before)")
        #expect(after.contains("32×48 · developed"), "\(after)")

        // And Esc, then Enter again, shows the preview
        runtime.send(.input(.key(.escape)))
        runtime.send(.input(.key(.enter)))
        try await settleDetail(runtime)
        runtime.render()
        #expect(runtime.model.detail?.developed == false)
        #expect(screen.plainText().contains("64×96 · preview"))
        await runtime.stop()
        await pipeline.shutdown()
    }
}

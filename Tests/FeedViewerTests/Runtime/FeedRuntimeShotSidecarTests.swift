import FeedSources
import Foundation
import FoundationExtras
import ImageLoading
import Sidecars
import SystemPackage
import Testing
import FeedViewer
import TerminalScreen
import Vocabulary

/// Culling keys on a RAW+JPEG shot through the runtime to the real ``SidecarStore``: both
/// files' sidecars take the decision, no photo's bytes change.
@Suite("Feed runtime: a decision on a RAW+JPEG shot goes to both files' sidecars", .timeLimit(.minutes(1)))
struct FeedRuntimeShotSidecarTests {
    @Test func keysOnAShotWriteTheJPEGsAndTheRAWsSidecars() async throws {
        // Given a folder of a.jpg and the shot IMG_1.JPG + IMG_1.CR2 (real files), the RAW with
        // darktable's sidecar holding 2 stars and a keyword
        let scratch = try FeedRuntimeShotTrashTests.Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let folder = scratch.shoot
        try Data(FeedRuntimeSidecarTests.darktableSidecar.utf8).write(to: folder.appendingPathComponent("IMG_1.CR2.xmp"))
        var before: [String: Data] = [:]
        for name in ["a.jpg", "IMG_1.JPG", "IMG_1.CR2"] { before[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }

        // When the viewer runs on it with keys typed ahead: j to the shot, p (pick), 6 (red)
        let screen = MemoryScreen(size: CellSize(columns: 80, rows: 30))
        screen.type("jp6")
        let runtime = FeedRuntime(
            screen: screen, feed: try DirectoryFeed(directory: folder), feedName: "folder",
            pipeline: FakePipeline { _ in FakeImages.success() },
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0), clock: .frozen,
            sidecars: SidecarStore())
        let exit = await runtime.run(settling: SettleCondition(scroll: 0, wait: .seconds(60)))
        #expect(exit == .settled)
        #expect(runtime.unsavedDecisionFailures.isEmpty)

        // Then the shot's decision (the RAW's 2 stars, picked, red) is in both files' sidecars
        let store = SidecarStore()
        let decision = Decision(stars: 2, flag: .picked, label: .red)
        #expect(try await store.read(photo: FilePath(folder.appendingPathComponent("IMG_1.JPG").path)) == decision)
        #expect(try await store.read(photo: FilePath(folder.appendingPathComponent("IMG_1.CR2").path)) == decision)
        // And the RAW's sidecar kept darktable's keyword and version
        let darktable = try String(contentsOf: folder.appendingPathComponent("IMG_1.CR2.xmp"), encoding: .utf8)
        #expect(darktable.contains("harbour") && darktable.contains("darktable:xmp_version"))
        // And no photo's bytes changed, and only the JPEG's sidecar is new
        for (name, bytes) in before {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == bytes, "\(name) changed")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.JPG", "IMG_1.JPG.xmp", "a.jpg"])
    }
}

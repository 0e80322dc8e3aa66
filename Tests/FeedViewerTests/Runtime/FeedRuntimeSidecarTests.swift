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

/// The culling keys through the runtime to the real ``SidecarStore`` on a folder of real files:
/// what it writes is what exiftool reads, and no photo's bytes change.
@Suite("Feed runtime: culling keys write XMP sidecars through the real store", .timeLimit(.minutes(1)))
struct FeedRuntimeSidecarTests {
    static let photos = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    /// darktable's sidecar for c.jpg: 2 stars and a keyword, which must stay.
    static let darktableSidecar = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:darktable="http://darktable.sf.net/" xmp:Rating="2" darktable:xmp_version="5">
           <dc:subject><rdf:Bag><rdf:li>harbour</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """

    @Test func keysWriteSidecarsThatExiftoolReadsAndNoPhotoChanges() async throws {
        // Given a folder of three real photos, c.jpg with darktable's sidecar
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-cull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.photos.path).filter { $0.hasSuffix(".jpg") }.sorted()
        var before: [String: Data] = [:]
        for (name, source) in zip(["a.jpg", "b.jpg", "c.jpg"], sources) {
            let bytes = try Data(contentsOf: Self.photos.appendingPathComponent(source))
            try bytes.write(to: folder.appendingPathComponent(name))
            before[name] = bytes
        }
        try Data(Self.darktableSidecar.utf8).write(to: folder.appendingPathComponent("c.jpg.xmp"))

        // When the viewer runs on it with keys typed ahead: 3 on a.jpg, x on b.jpg, 6 (red) on c.jpg
        let screen = MemoryScreen(size: CellSize(columns: 80, rows: 30))
        screen.type("3jxj6")
        let runtime = FeedRuntime(
            screen: screen, feed: try DirectoryFeed(directory: folder), feedName: "folder",
            pipeline: FakePipeline { _ in FakeImages.success() },
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0), clock: .frozen,
            sidecars: SidecarStore())
        let exit = await runtime.run(settling: SettleCondition(scroll: 0, wait: .seconds(60)))
        #expect(exit == .settled)
        #expect(runtime.unsavedDecisionFailures.isEmpty)

        // Then each photo's sidecar holds its decision, c.jpg's keeping its stars and keyword
        let store = SidecarStore()
        #expect(try await store.read(photo: FilePath(folder.appendingPathComponent("a.jpg").path)) == Decision(stars: 3))
        #expect(try await store.read(photo: FilePath(folder.appendingPathComponent("b.jpg").path)) == Decision(flag: .rejected))
        #expect(try await store.read(photo: FilePath(folder.appendingPathComponent("c.jpg").path)) == Decision(stars: 2, label: .red))
        let darktable = try String(contentsOf: folder.appendingPathComponent("c.jpg.xmp"), encoding: .utf8)
        #expect(darktable.contains("harbour") && darktable.contains("darktable:xmp_version"))
        // And exiftool reads them so (when it is installed)
        let exiftool = "/usr/bin/exiftool"
        if FileManager.default.isExecutableFile(atPath: exiftool) {
            let result = try ChildProcess.run(
                exiftool, ["-s", "-s", "-s", "-f", "-XMP:Rating", "-XMP:Label"] + ["a", "b", "c"].map { folder.appendingPathComponent("\($0).jpg.xmp").path },
                capturesOutput: true)
            let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.hasPrefix("=") && !$0.contains("files read") }
            #expect(lines == ["3", "-", "-1", "-", "2", "Red"], "\(lines)")
        }
        // And no photo's bytes changed, and nothing but the sidecars was written
        for (name, bytes) in before {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == bytes, "\(name) changed")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["a.jpg", "a.jpg.xmp", "b.jpg", "b.jpg.xmp", "c.jpg", "c.jpg.xmp"])
    }
}

import FeedSources
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FoundationExtras
import Sidecars
import SystemPackage
import Testing
import TerminalKit
import TerminalScreen
import Vocabulary
@testable import FeedViewer

/// `D`, `y` and `z` on a RAW+JPEG shot through the runtime, on real files, into a real
/// freedesktop.org Trash in a scratch `XDG_DATA_HOME`: both files go, both come back.
@Suite("Feed runtime: a RAW+JPEG shot goes to the real Trash and comes back whole", .timeLimit(.minutes(1)))
struct FeedRuntimeShotTrashTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A scratch folder holding `shoot/` (a.jpg, IMG_1.JPG and IMG_1.CR2, real files) and `data/`
    /// (the Trash's XDG_DATA_HOME).
    struct Scratch {
        let root: URL
        var shoot: URL { root.appendingPathComponent("shoot") }
        var trashFiles: URL { root.appendingPathComponent("data/Trash/files") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-shot-trash-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("shoot"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
            let photos = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Assets/photos").path)
                .filter { $0.hasSuffix(".jpg") }.sorted()
            for (name, source) in zip(["a.jpg", "IMG_1.JPG"], photos) {
                try FileManager.default.copyItem(
                    at: repository.appendingPathComponent("Assets/photos/\(source)"), to: shoot.appendingPathComponent(name))
            }
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Tests/CodecFixtures/conformance/raw/CanonRaw.cr2"),
                to: shoot.appendingPathComponent("IMG_1.CR2"))
        }

        func names(_ folder: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        }
    }

    /// A runtime on the scratch folder whose Trash is the scratch one; nothing but the messages
    /// drives it (no input loop).
    private func runtime(_ scratch: Scratch) throws -> FeedRuntime {
        let trash = FreedesktopTrash(environment: [
            "XDG_DATA_HOME": scratch.root.appendingPathComponent("data").path, "HOME": scratch.root.path,
        ])
        return FeedRuntime(
            screen: MemoryScreen(size: CellSize(columns: 80, rows: 30)), feed: try DirectoryFeed(directory: scratch.shoot),
            feedName: "folder", pipeline: FakePipeline { _ in FakeImages.success() },
            options: FeedViewerOptions(thumbnail: CellSize(columns: 16, rows: 6), prefetch: 0), clock: .frozen, trash: trash,
            sidecars: SidecarStore())
    }

    /// Handles the runtime's messages as they come until `done` holds after one.
    private func pump(_ runtime: FeedRuntime, until done: (FeedModel) -> Bool) async {
        while !done(runtime.model), let batch = await runtime.mailbox.next() {
            for case .message(let message) in batch { runtime.send(message) }
        }
    }

    private func press(_ keys: String, on runtime: FeedRuntime) {
        for character in keys { runtime.send(.input(.key(.character(character)))) }
    }

    /// The listed folder with the shot focused.
    private func started(_ scratch: Scratch) async throws -> FeedRuntime {
        let runtime = try runtime(scratch)
        runtime.send(.start)
        await pump(runtime) { $0.keys.count == 2 }
        while runtime.model.focusedKey?.id != "IMG_1.JPG" { press("j", on: runtime) }
        return runtime
    }

    @Test func dMovesBothFilesAndZPutsBothBack() async throws {
        // Given a folder of a.jpg and the shot IMG_1.JPG + IMG_1.CR2, listed as two photos
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let before = try Data(contentsOf: scratch.shoot.appendingPathComponent("IMG_1.CR2"))
        let runtime = try await started(scratch)
        #expect(runtime.model.photo(PhotoKey(id: "IMG_1.JPG"))?.isShot == true)

        // When D and y are pressed on the shot
        press("Dy", on: runtime)
        await pump(runtime) { $0.message?.hasPrefix("moved") == true || $0.message?.hasPrefix("cannot") == true }

        // Then both files are in the Trash, the row is gone
        #expect(runtime.model.message == "moved IMG_1.JPG and IMG_1.CR2 to the Trash (z puts it back)")
        #expect(scratch.names(scratch.shoot) == ["a.jpg"])
        #expect(scratch.names(scratch.trashFiles) == ["IMG_1.CR2", "IMG_1.JPG"])
        #expect(runtime.model.keys.map(\.id) == ["a.jpg"])

        // When z is pressed, both come back, and the row with them
        press("z", on: runtime)
        await pump(runtime) { $0.message?.hasPrefix("put back") == true || $0.message?.hasPrefix("cannot") == true }
        #expect(runtime.model.message == "put back IMG_1.JPG and IMG_1.CR2")
        #expect(scratch.names(scratch.shoot) == ["IMG_1.CR2", "IMG_1.JPG", "a.jpg"])
        #expect(scratch.names(scratch.trashFiles).isEmpty)
        #expect(scratch.names(scratch.root.appendingPathComponent("data/Trash/info")).isEmpty)
        #expect(try Data(contentsOf: scratch.shoot.appendingPathComponent("IMG_1.CR2")) == before)
        #expect(runtime.model.keys.map(\.id).sorted() == ["IMG_1.JPG", "a.jpg"])
    }

    @Test func aRAWReplacedSinceTheListingKeepsTheWholeShotWhereItIs() async throws {
        // Given the shot listed, then its RAW replaced by another file of the same name
        let scratch = try Scratch()
        defer { try? FileManager.default.removeItem(at: scratch.root) }
        let runtime = try await started(scratch)
        // (made before the old one goes, so it cannot take the old one's inode)
        let raw = scratch.shoot.appendingPathComponent("IMG_1.CR2")
        let other = scratch.root.appendingPathComponent("other.CR2")
        try Data("another file".utf8).write(to: other)
        #expect(rename(other.path, raw.path) == 0)

        // When D and y are pressed on the shot
        press("Dy", on: runtime)
        await pump(runtime) { $0.message?.hasPrefix("moved") == true || $0.message?.hasPrefix("cannot") == true }

        // Then nothing moved (the JPEG is put back when the RAW is refused), and the sentence says so
        #expect(runtime.model.message?.hasPrefix("cannot move the shot IMG_1.JPG and IMG_1.CR2 to the Trash, so none of it moved") == true, "\(runtime.model.message ?? "")")
        #expect(scratch.names(scratch.shoot) == ["IMG_1.CR2", "IMG_1.JPG", "a.jpg"])
        #expect(scratch.names(scratch.trashFiles).isEmpty)
        #expect(runtime.model.keys.map(\.id).sorted() == ["IMG_1.JPG", "a.jpg"])
    }
}

import Foundation
import FoundationExtras
import ImageCodecs
import Sidecars
import SystemPackage
import Testing
import TestSupport

/// photofeed's sidecars and exiftool's (Debian's libimage-exiftool-perl): what one writes, the
/// other reads; on real read-only and full file systems, a write fails with a sentence.
@Suite(.tags(.realTime)) struct SidecarInteropTests {
    static let exiftool = "/usr/bin/exiftool"
    /// exiftool 12.57 (bookworm) reads `xmpDM:pick` but does not write it: a user-defined tag.
    static let pickConfig = """
        %Image::ExifTool::UserDefined = ( 'Image::ExifTool::XMP::xmpDM' => { pick => { Writable => 'integer' } } );
        1;
        """

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sidecar-interop-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func requireExiftool() throws {
        guard FileManager.default.isExecutableFile(atPath: exiftool) else {
            Issue.record("exiftool is not installed (scripts/ensure-deps.sh test installs libimage-exiftool-perl)")
            throw CancellationError()
        }
    }

    /// exiftool's reading of a sidecar's four decision tags.
    static func exiftoolReads(_ sidecar: URL) throws -> [String: Any] {
        let result = try ChildProcess.run(
            exiftool, ["-j", "-XMP:Rating", "-XMP:Label", "-XMP-xmpDM:Pick", "-XMP-xmpDM:Good", sidecar.path], capturesOutput: true)
        #expect(result.succeeded, "\(String(decoding: result.output, as: UTF8.self))")
        let list = try JSONSerialization.jsonObject(with: Data(result.output)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    static let photo = Data("not really a photo, and never written".utf8)

    @Test func exiftoolReadsWhatPhotofeedWrote() async throws {
        try Self.requireExiftool()
        // Given a new sidecar, and darktable's with its history, each with a decision written by photofeed
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.photo.write(to: folder.appendingPathComponent("A.NEF"))
        try Self.photo.write(to: folder.appendingPathComponent("B.NEF"))
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SidecarsTests/Fixtures/darktable-history.NEF.xmp")
        try FileManager.default.copyItem(at: fixture, to: folder.appendingPathComponent("B.NEF.xmp"))
        let store = SidecarStore()
        try await store.write(Decision(stars: 4, flag: .picked, label: .blue), for: FilePath(folder.appendingPathComponent("A.NEF").path))
        try await store.write(Decision(flag: .rejected, label: .red), for: FilePath(folder.appendingPathComponent("B.NEF").path))
        // When exiftool reads them
        let picked = try Self.exiftoolReads(folder.appendingPathComponent("A.NEF.xmp"))
        let rejected = try Self.exiftoolReads(folder.appendingPathComponent("B.NEF.xmp"))
        // Then it reads the stars, the label and Lightroom's pick flag
        #expect(picked["Rating"] as? Int == 4 && picked["Label"] as? String == "Blue", "\(picked)")
        #expect(picked["Pick"] as? Int == 1 && picked["Good"] as? Bool == true, "\(picked)")
        #expect(rejected["Rating"] as? Int == -1 && rejected["Label"] as? String == "Red", "\(rejected)")
        #expect(rejected["Pick"] as? Int == -1 && rejected["Good"] as? Bool == false, "\(rejected)")
        // And darktable's history is still there for exiftool too
        let history = try ChildProcess.run(Self.exiftool, ["-a", "-s3", "-XMP-darktable:HistoryOperation", folder.appendingPathComponent("B.NEF.xmp").path], capturesOutput: true)
        #expect(String(decoding: history.output, as: UTF8.self) == "rawprepare\nexposure\nfilmicrgb\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("A.NEF")) == Self.photo)
    }

    @Test func photofeedReadsWhatExiftoolWroteInDarktablesAndLightroomsLayouts() async throws {
        try Self.requireExiftool()
        // Given exiftool's sidecars: darktable's NAME.EXT.xmp, Lightroom's NAME.xmp with its pick flag
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.photo.write(to: folder.appendingPathComponent("DSC_1.NEF"))
        try Self.photo.write(to: folder.appendingPathComponent("IMG_2.CR2"))
        let config = folder.appendingPathComponent("pick.config")
        try Data(Self.pickConfig.utf8).write(to: config)
        let darktable = try ChildProcess.run(
            Self.exiftool, ["-q", "-XMP:Rating=-1", "-XMP:Label=Green", "-o", folder.appendingPathComponent("DSC_1.NEF.xmp").path], capturesOutput: true)
        let lightroom = try ChildProcess.run(
            Self.exiftool,
            ["-config", config.path, "-q", "-XMP:Rating=5", "-XMP:Label=Yellow", "-XMP-xmpDM:Pick=1", "-XMP-xmpDM:Good=true", "-o", folder.appendingPathComponent("IMG_2.xmp").path],
            capturesOutput: true)
        #expect(darktable.succeeded && lightroom.succeeded)
        // When photofeed reads them
        let store = SidecarStore()
        let first = try await store.read(photo: FilePath(folder.appendingPathComponent("DSC_1.NEF").path))
        let second = try await store.read(photo: FilePath(folder.appendingPathComponent("IMG_2.CR2").path))
        // Then each is the decision exiftool wrote
        #expect(first == Decision(flag: .rejected, label: .green))
        #expect(second == Decision(stars: 5, flag: .picked, label: .yellow))
        // And a write goes into Lightroom's NAME.xmp, which exiftool reads back
        try await store.write(Decision(stars: 2), for: FilePath(folder.appendingPathComponent("IMG_2.CR2").path))
        let again = try Self.exiftoolReads(folder.appendingPathComponent("IMG_2.xmp"))
        #expect(again["Rating"] as? Int == 2 && again["Pick"] as? Int == 0 && again["Label"] == nil, "\(again)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("IMG_2.CR2.xmp").path))
    }

    @Test func photofeedReadsTheXMPExiftoolEmbeddedInAJPEG() async throws {
        try Self.requireExiftool()
        // Given a JPEG with a rating, a label and a reject embedded by exiftool, and no sidecar
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("IMG_3.JPG")
        try Data(try JPEGEncoder.encode(Bitmap(width: 16, height: 16))).write(to: jpeg)
        let config = folder.appendingPathComponent("pick.config")
        try Data(Self.pickConfig.utf8).write(to: config)
        let embedded = try ChildProcess.run(
            Self.exiftool, ["-config", config.path, "-q", "-overwrite_original", "-XMP:Rating=2", "-XMP:Label=Red", "-XMP-xmpDM:Pick=-1", jpeg.path],
            capturesOutput: true)
        #expect(embedded.succeeded, "\(String(decoding: embedded.output, as: UTF8.self))")
        let bytes = try Data(contentsOf: jpeg)
        // When photofeed reads it
        let decision = try await SidecarStore().read(photo: FilePath(jpeg.path))
        // Then the embedded decision is read, and the JPEG is as exiftool left it
        #expect(decision == Decision(stars: 2, flag: .rejected, label: .red))
        #expect(try Data(contentsOf: jpeg) == bytes)
    }

    @Test func aReadOnlyFolderAndAFullDiskAreSaidInASentence() async throws {
        // Given a photo on a read-only bind mount, and one on a full 64 KiB tmpfs
        let scratch = try Self.folder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try Self.photo.write(to: source.appendingPathComponent("A.JPG"))
        let card = try ScratchMount.readOnlyBind(of: source, under: scratch)
        defer { card.unmount() }
        let disk = try ScratchMount.tmpfs(size: "64k", under: scratch)
        defer { disk.unmount() }
        try Self.photo.write(to: disk.url.appendingPathComponent("B.JPG"))
        ScratchMount.fill(disk.url.appendingPathComponent("filler"))
        let store = SidecarStore()
        // When decisions are written
        for (photo, reason) in [(card.url.appendingPathComponent("A.JPG"), "read-only file system"), (disk.url.appendingPathComponent("B.JPG"), "the disk is full")] {
            do {
                try await store.write(Decision(stars: 3), for: FilePath(photo.path))
                Issue.record("\(photo.path): a write that cannot be made succeeded")
            } catch {
                // Then each fails with a sentence naming the sidecar and why, and nothing is left behind
                #expect(error.kind == .unwritable)
                #expect(error.description.contains(photo.lastPathComponent + ".xmp") && error.description.contains(reason), "\(error.description)")
            }
            #expect(try Data(contentsOf: photo) == Self.photo)
            let names = try FileManager.default.contentsOfDirectory(atPath: photo.deletingLastPathComponent().path)
            #expect(!names.contains { $0.hasSuffix(".xmp") || $0.hasSuffix(".tmp") }, "\(names)")
        }
    }
}

import Foundation
import SystemPackage
import Testing

@testable import Sidecars

@Suite("Sidecars read, updated and created on disk")
struct SidecarStoreTests {
    /// A fake RAW: bytes no sidecar writer may touch.
    static let photoBytes: [UInt8] = Array("II*\u{0}fake raw bytes".utf8) + (0..<4096).map { UInt8($0 & 0xFF) }

    /// What a packet holds besides the decision, serialized: equal for two sidecars that differ
    /// only in their decision.
    static func everythingElse(_ bytes: [UInt8]) throws -> [UInt8] {
        let packet = try XMPPacket(parsing: bytes)
        for name in [XMPDecisionMapping.rating, XMPDecisionMapping.label, XMPDecisionMapping.pick, XMPDecisionMapping.good] {
            packet.deleteProperty(name)
        }
        return try packet.serialized()
    }

    @Test("a photo without a sidecar gains NAME.EXT.xmp, and the photo's bytes stay as they were")
    func newSidecar() async throws {
        // Given a photo alone in its folder
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let photo = try folder.write("DSC_0042.NEF", Self.photoBytes)
        let store = SidecarStore()
        #expect(try await store.read(photo: photo) == nil)
        // When a decision is written
        let decision = Decision(stars: 4, flag: .picked, label: .blue)
        try await store.write(decision, for: photo)
        // Then darktable's name holds it, it reads back, and the photo is unchanged
        #expect(try folder.names() == ["DSC_0042.NEF", "DSC_0042.NEF.xmp"])
        #expect(try await store.read(photo: photo) == decision)
        #expect(try folder.read("DSC_0042.NEF") == Self.photoBytes)
    }

    @Test("the setting names a new sidecar NAME.xmp; a sidecar folder keeps it away from the photo")
    func settings() async throws {
        // Given a photo and a separate sidecar folder
        let folder = try ScratchFolder()
        let sidecars = try ScratchFolder()
        defer { folder.remove(); sidecars.remove() }
        let photo = try folder.write("DSC_0042.NEF", Self.photoBytes)
        // When decisions are written with NAME.xmp, beside it and in the sidecar folder
        try await SidecarStore(settings: SidecarSettings(naming: .nameOnly)).write(Decision(stars: 1), for: photo)
        let elsewhere = SidecarStore(settings: SidecarSettings(folder: sidecars.path))
        try await elsewhere.write(Decision(stars: 5), for: photo)
        // Then each went where it was told
        #expect(try folder.names() == ["DSC_0042.NEF", "DSC_0042.xmp"])
        #expect(try sidecars.names() == ["DSC_0042.NEF.xmp"])
        #expect(try await elsewhere.read(photo: photo) == Decision(stars: 5))
        #expect(try await SidecarStore().read(photo: photo) == Decision(stars: 1))
    }

    @Test("updating an editor's sidecar keeps every other property and namespace", arguments: [
        ("darktable-history.NEF.xmp", "darktable-history.NEF", "darktable-history.NEF.xmp", Decision(stars: 2)),
        ("digikam-faces.xmp", "IMG_0007.JPG", "IMG_0007.xmp", Decision(stars: 4, label: .green)),
        ("lightroom-pick.xmp", "IMG_0007.CR3", "IMG_0007.XMP", Decision(stars: 3, flag: .picked, label: .yellow)),
    ])
    func update(fixture: String, photoName: String, sidecarName: String, before: Decision) async throws {
        // Given an editor's sidecar beside its photo
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let photo = try folder.write(photoName, Self.photoBytes)
        let original = try folder.copyFixture(fixture, as: sidecarName)
        let store = SidecarStore()
        #expect(try await store.read(photo: photo) == before)
        // When a decision is written over it
        let decision = Decision(stars: 1, flag: .picked, label: .red)
        try await store.write(decision, for: photo)
        // Then the same sidecar holds it, no other file appeared, everything else is as it was
        #expect(try folder.names() == [photoName, sidecarName].sorted())
        #expect(try await store.read(photo: photo) == decision)
        let written = try folder.read(sidecarName)
        #expect(try Self.everythingElse(written) == Self.everythingElse(original))
        #expect(try folder.read(photoName) == Self.photoBytes)
        // And a reject after it reads back as a reject (its stars are not kept: xmp:Rating -1)
        try await store.write(Decision(stars: 3, flag: .rejected), for: photo)
        #expect(try await store.read(photo: photo) == Decision(flag: .rejected))
        #expect(try Self.everythingElse(try folder.read(sidecarName)) == Self.everythingElse(original))
    }

    @Test("with both NAME.EXT.xmp and NAME.xmp there, the first is read and updated, the other left alone")
    func bothConventions() async throws {
        // Given a RAW+JPEG pair's shared Lightroom sidecar and darktable's for the RAW
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let raw = try folder.write("IMG_5.CR2", Self.photoBytes)
        let jpeg = try folder.write("IMG_5.JPG", Self.photoBytes)
        let shared = try folder.copyFixture("lightroom-pick.xmp", as: "IMG_5.xmp")
        try folder.copyFixture("darktable-history.NEF.xmp", as: "IMG_5.CR2.XMP")
        let store = SidecarStore()
        // When the RAW is read and decided
        #expect(try await store.read(photo: raw) == Decision(stars: 2))
        try await store.write(Decision(stars: 5), for: raw)
        // Then darktable's sidecar holds it; the shared one, which the JPEG reads, is as it was
        #expect(try await store.read(photo: raw) == Decision(stars: 5))
        #expect(try folder.read("IMG_5.xmp") == shared)
        #expect(try await store.read(photo: jpeg) == Decision(stars: 3, flag: .picked, label: .yellow))
        #expect(try folder.names() == ["IMG_5.CR2", "IMG_5.CR2.XMP", "IMG_5.JPG", "IMG_5.xmp"])
    }

    @Test("darktable's history and digiKam's face region are still there by their paths")
    func namedPropertiesKept() async throws {
        // Given both sidecars
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let raw = try folder.write("A.NEF", Self.photoBytes)
        let jpeg = try folder.write("B.JPG", Self.photoBytes)
        try folder.copyFixture("darktable-history.NEF.xmp", as: "A.NEF.xmp")
        try folder.copyFixture("digikam-faces.xmp", as: "B.xmp")
        // When decisions are written
        try await SidecarStore().write(Decision(stars: 5, flag: .picked), for: raw)
        try await SidecarStore().write(Decision(flag: .rejected), for: jpeg)
        // Then the named properties read as before
        let darktable = try XMPPacket(parsing: try folder.read("A.NEF.xmp"))
        let history = XMPName(namespace: "http://darktable.sf.net/", prefix: "darktable", property: "history[3]/darktable:multi_name")
        #expect(darktable.property(history) == "filmic look")
        let digiKam = try XMPPacket(parsing: try folder.read("B.xmp"))
        let face = XMPName(
            namespace: "http://www.metadataworkinggroup.com/schemas/regions/", prefix: "mwg-rs",
            property: "Regions/mwg-rs:RegionList[1]/mwg-rs:Name")
        #expect(digiKam.property(face) == "Anna")
        let tag = XMPName(namespace: "http://www.digikam.org/ns/1.0/", prefix: "digiKam", property: "TagsList[2]")
        #expect(digiKam.property(tag) == "Places/Lisbon/Alfama")
    }

    @Test("a sidecar that is not XMP is refused and left as it is")
    func notXMP() async throws {
        // Given a cut sidecar
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let photo = try folder.write("C.JPG", Self.photoBytes)
        let original = try folder.copyFixture("not-xml.xmp", as: "C.JPG.xmp")
        // When it is read and written
        let store = SidecarStore()
        await #expect(throws: SidecarError.self) { try await store.read(photo: photo) }
        do {
            try await store.write(Decision(stars: 2), for: photo)
            Issue.record("a sidecar that is not XMP was replaced")
        } catch {
            // Then both are refused with a sentence, and the file is untouched
            #expect(error.kind == .notXMP)
            #expect(error.description.hasSuffix("it is left as it is."))
        }
        #expect(try folder.read("C.JPG.xmp") == original)
    }

    @Test("a sidecar that is a link is not followed out of the folder")
    func link() async throws {
        // Given a sidecar name that is a link to a file elsewhere
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        defer { folder.remove(); outside.remove() }
        let photo = try folder.write("D.JPG", Self.photoBytes)
        let target = try outside.copyFixture("lightroom-pick.xmp", as: "target.xmp")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("D.JPG.xmp").path, withDestinationPath: outside.url.appendingPathComponent("target.xmp").path)
        // When a decision is written
        do {
            try await SidecarStore().write(Decision(stars: 2), for: photo)
            Issue.record("a link was written through")
        } catch {
            // Then it is refused, and the file outside is untouched
            #expect(error.kind == .notAFile)
        }
        #expect(try outside.read("target.xmp") == target)
    }

    @Test("a sidecar that changed between reading and replacing is not replaced")
    func changedMeanwhile() throws {
        // Given a sidecar read, then changed by another program
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.copyFixture("lightroom-pick.xmp", as: "E.xmp")
        let sidecars = try SidecarFolder(opening: folder.path)
        let read = try #require(try sidecars.read("E.xmp"))
        let theirs = read.bytes + Array("\n".utf8)
        try folder.write("E.xmp", theirs)
        // When the replacement comes
        #expect(throws: SidecarError.self) { try sidecars.replace("E.xmp", with: [0x3C], expecting: read.identity) }
        // Then the other program's bytes stay, and no temporary file is left
        #expect(try folder.read("E.xmp") == theirs)
        #expect(try folder.names() == ["E.xmp"])
        // And a new sidecar that appeared meanwhile is not replaced either
        try folder.write("F.xmp", [0x41])
        #expect(throws: SidecarError.self) { try sidecars.replace("F.xmp", with: [0x3C], expecting: nil) }
        #expect(try folder.read("F.xmp") == [0x41])
    }

    @Test("a folder that is a link is refused")
    func folderLink() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("card").path, withDestinationPath: "/")
        do {
            _ = try await SidecarStore(settings: SidecarSettings(folder: folder.path.appending("card"))).read(photo: FilePath("/x/a.jpg"))
            Issue.record("a linked folder was opened")
        } catch {
            #expect(error.kind == .folder)
        }
    }
}

import Foundation
import SystemPackage
import Testing

@testable import Sidecars

/// A RAW+JPEG shot's decision: written to both files' sidecars, read from the first that holds one.
@Suite("Sidecars of a RAW+JPEG shot, on disk")
struct SidecarStoreShotTests {
    /// darktable's sidecar of a RAW: 3 stars, a keyword, its history.
    static let rawSidecar = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:darktable="http://darktable.sf.net/" xmp:Rating="3" darktable:xmp_version="5">
           <dc:subject><rdf:Bag><rdf:li>harbour</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """

    /// A sidecar holding keywords and no decision.
    static let keywordsOnly = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
           <dc:subject><rdf:Bag><rdf:li>boats</rdf:li></rdf:Bag></dc:subject>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """

    @Test("a decision goes to IMG_1.JPG.xmp and IMG_1.CR2.xmp, and neither photo changes")
    func writesBoth() async throws {
        // Given a shot with no sidecars
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let jpeg = try folder.write("IMG_1.JPG", SidecarStoreTests.photoBytes)
        let raw = try folder.write("IMG_1.CR2", SidecarStoreTests.photoBytes.reversed())
        let store = SidecarStore()
        #expect(try await store.read(shot: [jpeg, raw]) == nil)
        // When its decision is written
        let decision = Decision(stars: 2, flag: .picked, label: .green)
        try await store.write(decision, forShot: [jpeg, raw])
        // Then each file has its own sidecar holding it, and the photos are as they were
        #expect(try folder.names() == ["IMG_1.CR2", "IMG_1.CR2.xmp", "IMG_1.JPG", "IMG_1.JPG.xmp"])
        #expect(try await store.read(photo: jpeg) == decision)
        #expect(try await store.read(photo: raw) == decision)
        #expect(try await store.read(shot: [jpeg, raw]) == decision)
        #expect(try folder.read("IMG_1.JPG") == SidecarStoreTests.photoBytes)
        #expect(try folder.read("IMG_1.CR2") == SidecarStoreTests.photoBytes.reversed())
    }

    @Test("the RAW's sidecar is read when the JPEG has none or one without a decision, and updated keeping the rest")
    func readsTheFirstThatHoldsOne() async throws {
        // Given a shot whose RAW has darktable's sidecar (3 stars) and whose JPEG has none
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let jpeg = try folder.write("IMG_1.JPG", SidecarStoreTests.photoBytes)
        let raw = try folder.write("IMG_1.CR2", SidecarStoreTests.photoBytes)
        _ = try folder.write("IMG_1.CR2.xmp", Array(Self.rawSidecar.utf8))
        let store = SidecarStore()
        // Then the shot's decision is the RAW's
        #expect(try await store.read(shot: [jpeg, raw]) == Decision(stars: 3))
        // And so it is when the JPEG's sidecar holds keywords only
        _ = try folder.write("IMG_1.JPG.xmp", Array(Self.keywordsOnly.utf8))
        #expect(try await store.read(shot: [jpeg, raw]) == Decision(stars: 3))
        // When a red label is added, both sidecars hold the decision and keep what else they held
        try await store.write(Decision(stars: 3, label: .red), forShot: [jpeg, raw])
        #expect(try await store.read(photo: raw) == Decision(stars: 3, label: .red))
        #expect(try await store.read(photo: jpeg) == Decision(stars: 3, label: .red))
        let rawText = String(decoding: try folder.read("IMG_1.CR2.xmp"), as: UTF8.self)
        #expect(rawText.contains("harbour") && rawText.contains("darktable:xmp_version"))
        #expect(String(decoding: try folder.read("IMG_1.JPG.xmp"), as: UTF8.self).contains("boats"))
    }

    @Test("a pair's shared NAME.xmp is the one sidecar both files update")
    func sharedSidecar() async throws {
        // Given Lightroom's NAME.xmp beside the pair
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let jpeg = try folder.write("IMG_1.JPG", SidecarStoreTests.photoBytes)
        let raw = try folder.write("IMG_1.CR2", SidecarStoreTests.photoBytes)
        _ = try folder.write("IMG_1.xmp", Array(Self.keywordsOnly.utf8))
        // When a decision is written for the shot
        try await SidecarStore().write(Decision(stars: 5), forShot: [jpeg, raw])
        // Then that one sidecar holds it, and no other was made
        #expect(try folder.names() == ["IMG_1.CR2", "IMG_1.JPG", "IMG_1.xmp"])
        #expect(try await SidecarStore().read(shot: [jpeg, raw]) == Decision(stars: 5))
    }
}

import Foundation
import SystemPackage
import Testing

@testable import Sidecars

@Suite("Decisions kept in the photo itself")
struct EmbeddedXMPTests {
    /// A JPEG's start, an APP1 segment with an XMP packet (as Lightroom embeds it), and its end.
    static func jpeg(withXMP packet: String) -> [UInt8] {
        let payload = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(packet.utf8)
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xD9]
    }

    static let packet = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpDM="http://ns.adobe.com/xmp/1.0/DynamicMedia/" \
        xmp:Rating="5" xmp:Label="Blue" xmpDM:pick="1"/></rdf:RDF></x:xmpmeta>
        """

    @Test("a JPEG's own XMP is read when it has no sidecar, and a sidecar wins over it; the JPEG is never written")
    func embedded() async throws {
        // Given a JPEG carrying a decision of its own
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let bytes = Self.jpeg(withXMP: Self.packet)
        let photo = try folder.write("IMG_9.JPG", bytes)
        let store = SidecarStore()
        // When it is read
        let decision = try await store.read(photo: photo)
        // Then its decision is the embedded one, unless told not to read it
        #expect(decision == Decision(stars: 5, flag: .picked, label: .blue))
        #expect(try await SidecarStore(settings: SidecarSettings(readsEmbedded: false)).read(photo: photo) == nil)
        // And once a decision is written, the sidecar holds it and the photo is unchanged
        try await store.write(Decision(stars: 1), for: photo)
        #expect(try await store.read(photo: photo) == Decision(stars: 1))
        #expect(try folder.read("IMG_9.JPG") == bytes)
        #expect(try folder.names() == ["IMG_9.JPG", "IMG_9.JPG.xmp"])
    }

    @Test("a photo with no XMP, or not a format exempi reads, has no embedded decision")
    func none() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let plain = try folder.write("plain.JPG", [0xFF, 0xD8, 0xFF, 0xD9])
        let text = try folder.write("notes.txt", Array("hello".utf8))
        #expect(try EmbeddedXMP.decision(in: plain) == nil)
        #expect(try EmbeddedXMP.decision(in: text) == nil)
        #expect(try EmbeddedXMP.decision(in: folder.path.appending("missing.jpg")) == nil)
    }
}

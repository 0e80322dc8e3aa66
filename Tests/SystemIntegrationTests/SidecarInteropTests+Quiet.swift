import Foundation
import Testing
import TestSupport

/// RAW files exempi has no file handler for (a RW2, a RAF) are read for embedded XMP like every
/// photo: nothing of exempi's may reach stderr — over the viewer's screen, or into a script's
/// `picks` output.
extension SidecarInteropTests {
    @Test func picksOverARAWExempiCannotOpenPrintsNothingButThePaths() async throws {
        // Given a folder of a Panasonic RW2 (no exempi handler) and a picked JPEG beside it
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CodecFixtures/conformance/raw")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Panasonic.rw2"), to: folder.appendingPathComponent("P1.RW2"))
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("CanonRaw.cr2"), to: folder.appendingPathComponent("C1.CR2"))

        // When picks lists it, all photos of any decision (--min-rating 0)
        let output = try await BuiltBinary.run(["picks", folder.path, "--min-rating", "0"])

        // Then both files are listed (no decision is no reject) and stderr is empty
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n").map { String($0) }.sorted() == ["\(folder.path)/C1.CR2", "\(folder.path)/P1.RW2"])
    }
}

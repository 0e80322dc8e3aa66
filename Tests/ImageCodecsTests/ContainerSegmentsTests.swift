@testable import ImageCodecs
import Testing

@Suite("Container segments: one bounded walk of JPEG, PNG and RIFF")
struct ContainerSegmentsTests {
    @Test func aJPEGsSegmentsAreWalkedToItsFirstScan() {
        // Given SOI, APP1 "ab", fill bytes, DQT "c", SOS, then an APP2 after the scan
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, 4, 0x61, 0x62, 0xFF, 0xFF, 0xDB, 0, 3, 0x63,
                              0xFF, 0xDA, 0, 2, 0xFF, 0xE2, 0, 3, 0x64]
        // When walked
        let segments = Array(ContainerSegments(bytes, layout: .jpeg))
        // Then the two before the scan, by type and payload
        #expect(segments.map(\.type) == ["APP1", "FFDB"])
        #expect(segments.map { Array($0.payload) } == [[0x61, 0x62], [0x63]])
    }

    @Test(arguments: [ContainerSegments.Layout.jpeg, .png, .riff])
    func aSegmentWhoseLengthRunsPastTheEndEndsTheWalk(layout: ContainerSegments.Layout) {
        // Given one whole segment, then one whose length runs past the end of the bytes
        let bytes: [UInt8]
        switch layout {
        case .jpeg:
            bytes = [0xFF, 0xD8, 0xFF, 0xE0, 0, 3, 0x41, 0xFF, 0xE1, 0xFF, 0xF0, 0x42, 0x43]
        case .png:
            bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [0, 0, 0, 1] + Array("tEXt".utf8) + [0x41, 0, 0, 0, 0]
                + [0x7F, 0xFF, 0xFF, 0xF0] + Array("eXIf".utf8) + [0x42, 0x43, 0, 0, 0, 0]
        case .riff:
            bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array("ICCP".utf8) + [1, 0, 0, 0, 0x41, 0]
                + Array("EXIF".utf8) + [0xF0, 0xFF, 0xFF, 0xFF, 0x42, 0x43]
        }
        // When walked
        let segments = Array(ContainerSegments(bytes, layout: layout))
        // Then only the whole one is yielded, and the cut one never (no read past the end)
        #expect(segments.count == 1)
        #expect(segments.first.map { Array($0.payload) } == [0x41])
    }

    @Test func aWalkTakesAtMostItsStepsAndStopsAtPNGImageData() {
        // Given a JPEG of nothing but restart markers, and a PNG with a chunk after IDAT
        let restarts: [UInt8] = [0xFF, 0xD8] + Array(repeating: [0xFF, 0xD0], count: 10_000).joined() + [0xFF, 0xE1, 0, 3, 0x41]
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [0, 0, 0, 0] + Array("IDAT".utf8) + [0, 0, 0, 0]
            + [0, 0, 0, 1] + Array("eXIf".utf8) + [0x41, 0, 0, 0, 0]
        // When walked, Then the APP1 beyond 64 steps and the chunk after IDAT are never reached
        #expect(Array(ContainerSegments(restarts, layout: .jpeg)).isEmpty)
        #expect(Array(ContainerSegments(png, layout: .png)).isEmpty)
    }
}

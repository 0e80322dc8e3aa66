import Foundation
import ImageCodecs
import Testing
import Vocabulary

/// Progressive JPEGs needed at 1/8 decode from their DC scans only (`allowsDCOnlyDecoding`).
@Suite("DC-only decoding of progressive JPEGs")
struct DCOnlyDecodingTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/photos")

    /// The progressive JPEGs among the assets.
    static func progressiveAssets() throws -> [(name: String, bytes: [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: photos.path).sorted().filter { $0.hasSuffix(".jpg") }.compactMap { name in
            let bytes = Array(try Data(contentsOf: photos.appendingPathComponent(name)))
            return bytes.windowed(0xC2) ? (name, bytes) : nil
        }
    }

    private static func decode(_ bytes: [UInt8], target: PixelSize, dcOnly: Bool) throws -> DecodedImage {
        try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: target, allowsDCOnlyDecoding: dcOnly))
    }

    @Test func everyProgressiveAssetDecodesCloseToTheFullDecode() throws {
        let assets = try Self.progressiveAssets()
        #expect(assets.count >= 8)
        for (name, bytes) in assets {
            // Given a photo needed at an eighth of its size or less
            let header = try ImageDecoder.probe(bytes)
            let target = PixelSize(width: max(1, header.size.width / 10), height: max(1, header.size.height / 10))
            // When it is decoded from its DC scans and in full
            let dc = try Self.decode(bytes, target: target, dcOnly: true)
            let full = try Self.decode(bytes, target: target, dcOnly: false)
            // Then both are the same size at scale 1/8, and the DC-only picture is within 35 dB PSNR of the full one
            #expect(dc.scaleDenominator == 8, "\(name)")
            #expect(dc.bitmap.width == full.bitmap.width && dc.bitmap.height == full.bitmap.height, "\(name)")
            // the DC's last refinement bit is all that is missing: the error is below JPEG's own
            let squared = zip(dc.bitmap.bytes, full.bitmap.bytes).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) }
            let psnr = 10 * log10(255 * 255 / max(1e-9, squared / Double(dc.bitmap.bytes.count)))
            #expect(psnr >= 35, "\(name): \(psnr) dB")
            if ProcessInfo.processInfo.environment["DEBUG_DC"] != nil { print("DEBUG \(name) \(psnr) dB") }
        }
    }

    @Test func theBytesAfterTheDCScansAreNeverRead() throws {
        // Given a large progressive photo whose second half is overwritten with garbage
        let (name, bytes) = try #require(try Self.progressiveAssets().max { $0.bytes.count < $1.bytes.count })
        var damaged = bytes
        for index in (bytes.count / 2)..<(bytes.count - 2) { damaged[index] = UInt8(truncatingIfNeeded: index &* 31) }
        let target = PixelSize(width: 64, height: 64)
        // When it is decoded from its DC scans
        let intact = try Self.decode(bytes, target: target, dcOnly: true)
        let fromDamaged = try Self.decode(damaged, target: target, dcOnly: true)
        // Then the picture is the same (the damaged half was never read), where a full decode differs or fails
        #expect(fromDamaged.bitmap == intact.bitmap, "\(name)")
        let full = try? Self.decode(damaged, target: target, dcOnly: false)
        #expect(full?.bitmap != intact.bitmap)
    }

    @Test func baselineAndLargerScalesDecodeAsBefore() throws {
        // Given a baseline JPEG and a progressive one needed at 1/4
        let baseline = Array(try Data(contentsOf: Self.photos.appendingPathComponent("coffee.jpg")))
        let (_, progressive) = try #require(try Self.progressiveAssets().first { $0.bytes.count > 500_000 })
        let header = try ImageDecoder.probe(progressive)
        let quarter = PixelSize(width: header.size.width / 4, height: header.size.height / 4)
        // Then DC-only decoding changes nothing for them
        #expect(try Self.decode(baseline, target: PixelSize(width: 20, height: 20), dcOnly: true).bitmap
            == Self.decode(baseline, target: PixelSize(width: 20, height: 20), dcOnly: false).bitmap)
        #expect(try Self.decode(progressive, target: quarter, dcOnly: true).bitmap
            == Self.decode(progressive, target: quarter, dcOnly: false).bitmap)
    }
}

extension Array where Element == UInt8 {
    /// Whether the JPEG's first 64 KiB hold the marker FF `marker` (C2: a progressive frame).
    fileprivate func windowed(_ marker: UInt8) -> Bool {
        let head = prefix(65_536)
        return zip(head, head.dropFirst()).contains { $0 == 0xFF && $1 == marker }
    }
}

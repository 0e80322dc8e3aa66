import ImageCodecs
import Testing
import Vocabulary

/// Issue 12 §1: the hardening changes no real photo's pixels. The checksums were taken from the
/// decoder before the change (main 7beeb07), full size and toward four thumbnail targets.
@Suite("Asset pixels are unchanged by the hardening")
struct AssetPixelsTests {
    /// The targets, in the order of each checksum list (nil: full size).
    static let targets: [PixelSize?] = [
        nil, PixelSize(width: 80, height: 40), PixelSize(width: 160, height: 90),
        PixelSize(width: 40, height: 20), PixelSize(width: 320, height: 240),
    ]

    /// FNV-1a (64-bit) of the decoded RGBA bytes, per asset and target.
    static let checksums: [String: [UInt64]] = [
        "astronaut.jpg": [0x7b23a36436171159, 0x37f473b3385d78ef, 0x5d8d68d0ded769a9, 0x57cf1d1504513ee1, 0x7b23a36436171159],
        "brick.jpg": [0x26ee08306ed3979f, 0xdd56a9fcac1323b6, 0x7a81ecac59e75389, 0x95b06abc2f5afaf1, 0x26ee08306ed3979f],
        "camera.jpg": [0x72812942bda395f6, 0x802d3cf9c8a53d32, 0x5c36b4d6664b0867, 0x58f0bb50aa89a16b, 0x72812942bda395f6],
        "cell.jpg": [0x998b6237c89433de, 0x08d4206e8578efe7, 0xddc4ed5a789a5580, 0x565f17973dea4469, 0x998b6237c89433de],
        "chelsea.jpg": [0x68de11b9ba45ebfb, 0xd1e29f066097f06b, 0xd50f6fa9ca7c1418, 0xacc2ddd39e572a4f, 0x68de11b9ba45ebfb],
        "clock.jpg": [0x9cbb58da45472ebc, 0xc497643e79e488ed, 0x8156a4b11d6a146a, 0x90fe5ea2a3967118, 0x9cbb58da45472ebc],
        "coffee.jpg": [0x27ea058025a2c180, 0x11f4166c13d4e0e9, 0xe5ded5a24da12288, 0x31f0d379d3cfc136, 0x27ea058025a2c180],
        "coins.jpg": [0xd35c3658969079e6, 0x5b89eb986a1039d6, 0x93f31c9393556c6b, 0xadc3b3e5d69ae68b, 0xd35c3658969079e6],
        "grass.jpg": [0xe5d7caf86fd398c0, 0x8e0851aa8c65dc8f, 0xbf02ae1c47cfdb0c, 0xe886e6a7f8a0238e, 0xe5d7caf86fd398c0],
        "gravel.jpg": [0xb206455f3675a517, 0x8801d09e76d3e61e, 0x8f7b42180a6f188c, 0x769cb96358e2caf8, 0xb206455f3675a517],
        "horse.png": [0x40bf4b4d0b5503e1, 0x40bf4b4d0b5503e1, 0x40bf4b4d0b5503e1, 0x40bf4b4d0b5503e1, 0x40bf4b4d0b5503e1],
        "hubble-deep-field.jpg": [0xb0a9d943e45693dc, 0x00228765fb02fccc, 0xa5b51091b8d37b03, 0x00228765fb02fccc, 0xcacb2ec6af33b702],
        "immunohistochemistry.jpg": [0x79acfdb7997e01c3, 0x59761e6884e6b8d9, 0xc988e9cef0649c7b, 0x4e459e4a6ea65343, 0x79acfdb7997e01c3],
        "retina.jpg": [0x0e9c7aa4f223062d, 0x0f8e2f9244f024e2, 0x0f8e2f9244f024e2, 0x0f8e2f9244f024e2, 0xdb46336c81f6363c],
        "rocket.jpg": [0xe0ea7553eff73931, 0xf313e9215b653c27, 0x1e824a2316fca9a8, 0xf313e9215b653c27, 0xe0ea7553eff73931],
    ]

    /// The assets that existed before the hardening (the colour photographs came later, with
    /// issue 11, and have no "before" to compare with).
    @Test(arguments: Self.checksums.keys.sorted())
    func decodesToTheSamePixelsAsBefore(name: String) throws {
        // Given an asset and its checksums from before the hardening
        let bytes = try TestAssets.bytes(name)
        let expected = try #require(Self.checksums[name], "no checksum for \(name)")

        // When it is decoded at full size and toward each target
        let actual = try Self.targets.map { target in
            Self.fnv1a(try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: target)).bitmap)
        }

        // Then every bitmap is byte for byte what it was
        #expect(actual == expected)
    }

    static func fnv1a(_ bitmap: Bitmap) -> UInt64 {
        bitmap.withBytes { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
    }
}

import Testing

@testable import Digests

/// SHA-256 and MD5 against the standards' own test vectors (FIPS 180-4's examples, RFC 1321's
/// test suite), across the padding's block boundaries.
@Suite("Digests")
struct DigestTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(hex(SHA256.hash(data: [UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(data: Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(SHA256.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex(SHA256.hash(data: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func md5MatchesTheRFCTestSuite() {
        #expect(hex(MD5.hash(data: [UInt8]())) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(hex(MD5.hash(data: Array("abc".utf8))) == "900150983cd24fb0d6963f7d28e17f72")
        #expect(hex(MD5.hash(data: Array("message digest".utf8))) == "f96b697d7cb7938d525a2f31aaf161d0")
        #expect(
            hex(MD5.hash(data: Array("12345678901234567890123456789012345678901234567890123456789012345678901234567890".utf8)))
                == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120, 128])
    func everyLengthAroundTheBlockBoundariesIsItsOwnDigest(length: Int) {
        // Lengths where the padding spills into a second block or just fits
        let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(SHA256.hash(data: data).count == 32)
        #expect(MD5.hash(data: data).count == 16)
        #expect(SHA256.hash(data: data) != SHA256.hash(data: data.dropLast()))
        #expect(MD5.hash(data: data) != MD5.hash(data: data.dropLast()))
        #expect(SHA256.hash(data: data[...]) == SHA256.hash(data: data), "a slice hashes as its array")
    }
}

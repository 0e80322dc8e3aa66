import Foundation
import Testing

@testable import TerminalGraphics

/// The protocols' own base64 writes what Foundation's does, byte for byte.
@Suite("Base64 into bytes")
struct Base64Tests {
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7, 3_071, 3_072, 3_073, 100_000])
    func encodesAsFoundationDoes(count: Int) {
        // Given bytes of every value (and every remainder of three)
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        // When encoded into an array already holding a prefix
        var output: [UInt8] = [0x2A]
        bytes.withUnsafeBufferPointer { Base64.append($0, to: &output) }
        // Then the prefix is kept and the rest is Foundation's base64
        #expect(output.first == 0x2A)
        #expect(Array(output.dropFirst()) == Array(Data(bytes).base64EncodedString().utf8))
        #expect(Base64.encoded(bytes) == Array(Data(bytes).base64EncodedString().utf8))
    }
}

import Foundation
import Testing
@testable import TerminalGraphics
@testable import TerminalScreen
import TerminalKit
import ImageCodecs
import Vocabulary

/// A kitty transmission sent a chunk at a time: its pieces are its escapes, in tmux's wrappers
/// too, and as many go as the allowance admits.
@Suite("Cut transmission")
struct CutTransmissionTests {
    private func noise(_ count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    @Test func itsPiecesAreTheChunksEvenWrappedForTmux() {
        // Given a transmission of 10,000 payload bytes: 4 chunks of at most 4,096 base64 bytes
        let plain = KittyGraphics.chunked(noise(10_000), control: "a=t,q=2,f=24,s=50,v=50,i=7")
        let wrapped = TmuxPassthrough.wrap(plain)
        // Then each is cut after each of its 4 escapes, plain and wrapped alike
        let plainEnds = CutTransmission.pieceEnds(of: plain)
        #expect(plainEnds.count == 4)
        #expect(CutTransmission.pieceEnds(of: wrapped).count == 4)
        // And every piece of the plain one is one whole escape
        var start = 0
        for end in plainEnds {
            let piece = plain[start..<end]
            #expect(piece.starts(with: Array("\u{1B}_G".utf8)) && piece.suffix(2).elementsEqual(Array("\u{1B}\\".utf8)))
            start = end
        }
    }

    @Test func aTransmissionIsCutAgainInPiecesOfAKilobyteWithTheSamePayload() throws {
        // Given a transmission of 4 chunks of 4,096 base64 bytes
        let payload = noise(10_000)
        let bytes = KittyGraphics.chunked(payload, control: "a=t,q=2,f=24,s=50,v=50,i=7")
        // When it is cut
        let cut = CutTransmission(imageID: 7, key: "photo 1", graphics: .kitty, bytes: bytes)
        // Then it is 14 escapes of at most 1,024 base64 bytes, the first with the keys, the last m=0
        let escapes = String(decoding: cut.bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(escapes.count == 14)
        #expect(escapes.first?.hasPrefix("a=t,q=2,f=24,s=50,v=50,i=7,m=1;") == true)
        #expect(escapes.dropFirst().dropLast().allSatisfy { $0.hasPrefix("m=1;") })
        #expect(escapes.last?.hasPrefix("m=0;") == true)
        // And their payloads joined decode to the pixels
        let joined = escapes.map { $0.drop { $0 != ";" }.dropFirst().prefix { $0 != "\u{1B}" } }.joined()
        #expect(Array(try #require(Data(base64Encoded: String(joined)))) == payload)
    }

    @Test func asManyChunksGoAsTheAllowanceAdmits() {
        // Given a cut transmission and an allowance of a little over two of its pieces
        let bytes = KittyGraphics.chunked(noise(10_000), control: "a=t,q=2,f=24,s=50,v=50,i=7")
        var cut = CutTransmission(imageID: 7, key: "photo 1", graphics: .kitty, bytes: bytes)
        let ends = cut.ends
        var allowance = PictureAllowance(bytes: ends[1] + 10, linkIdle: false, resting: true)
        // When the next pieces are taken
        let first = cut.next(within: &allowance)
        // Then two chunks went, and no more until more is allowed
        #expect(first.count == ends[1])
        #expect(cut.next(within: &allowance).isEmpty)
        #expect(!cut.isDone && cut.hasStarted)
        // When the link is idle with nothing allowed, one chunk goes past the allowance
        var idle = PictureAllowance(bytes: 0, linkIdle: true, resting: false)
        #expect(cut.next(within: &idle).count == ends[2] - ends[1])
        // And with plenty allowed, the rest
        var plenty = PictureAllowance.unlimited
        _ = cut.next(within: &plenty)
        #expect(cut.isDone)
    }
}

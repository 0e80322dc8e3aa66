import TestSupport
import Testing
import TerminalKit
import Vocabulary

@Suite struct TerminalInputParserTests {
    private func parse(_ text: String, pieces: Int = 1) -> [TerminalInput] {
        var parser = TerminalInputParser()
        let bytes = Array(text.utf8)
        var output: [TerminalInput] = []
        let size = max(1, (bytes.count + pieces - 1) / pieces)
        var start = 0
        while start < bytes.count {
            output += parser.feed(bytes[start..<min(bytes.count, start + size)])
            start += size
        }
        return output
    }

    private func byteAtATime(_ bytes: [UInt8]) -> (inputs: [TerminalInput], parser: TerminalInputParser) {
        var parser = TerminalInputParser()
        var output: [TerminalInput] = []
        for byte in bytes { output += parser.feed([byte]) }
        return (output, parser)
    }

    @Test func keysAndTextDecode() {
        // Given: letters, UTF-8, controls, arrows in both cursor modes, PgDn and F5
        let inputs = parse("jé日\r\t\u{7F}\u{0C}\u{1B}[A\u{1B}OB\u{1B}[6~\u{1B}[15~\u{1B}[1;5C")
        // Then: each is its key
        #expect(inputs == [
            .key(.character("j")), .key(.character("é")), .key(.character("日")), .key(.enter), .key(.tab),
            .key(.backspace), .key(.control("l")), .key(.up), .key(.down), .key(.pageDown), .key(.function(5)),
            .key(.right),
        ])
    }

    @Test func everyReplyIsRecognisedAndNoneBecomesAKey() {
        // Given: a kitty's whole answer, as one burst
        let answer =
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.47.1)\u{1B}\\\u{1B}[6;20;10t\u{1B}[4;800;1200t\u{1B}[8;40;120t"
            + "\u{1B}[?2026;2$y\u{1B}P1+r524742=382F382F38\u{1B}\\\u{1B}P0+r\u{1B}\\\u{1B}[>1;4000;29c"
            + "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;4;22c"
        // When: it arrives whole, in 7 pieces, and a byte at a time
        for inputs in [parse(answer), parse(answer, pieces: 7), byteAtATime(Array(answer.utf8)).inputs] {
            // Then: every reply is a reply, nothing is a key
            #expect(inputs == [
                .reply(.kittyGraphics(id: 31, message: "OK")), .reply(.version("kitty(0.47.1)")),
                .reply(.windowReport(kind: 6, first: 20, second: 10)), .reply(.windowReport(kind: 4, first: 800, second: 1200)),
                .reply(.windowReport(kind: 8, first: 40, second: 120)), .reply(.modeReport(mode: 2026, state: 2)),
                .reply(.capabilities(["RGB": "8/8/8"])), .reply(.unknownCapability),
                .reply(.secondaryDeviceAttributes([1, 4000, 29])), .reply(.other(introducer: UInt8(ascii: "]"))),
                .reply(.primaryDeviceAttributes([62, 4, 22])),
            ])
        }
    }

    @Test func aLateVersionReplyIsNotAQuitKeyNorAKittyOKAJump() {
        // Given: replies whose text holds bound keys (q, G, C) arriving after the viewer started
        let inputs = parse("\u{1B}P>|qGCq(1)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P1+r636F6C6F7273=323536\u{1B}\\")
        // Then: no key at all
        #expect(!inputs.contains { if case .key = $0 { true } else { false } })
        #expect(inputs.count == 3)
    }

    @Test func controlBytesInsideAReplyAreData() {
        // Given: a hostile DCS carrying Ctrl-C, Ctrl-Z and XOFF, then a real key
        let inputs = parse("\u{1B}P>|a\u{03}b\u{1A}", pieces: 1)
        // Then: SUB aborts the string (as terminals do); the Ctrl-C inside was never a key
        #expect(inputs.isEmpty)
        let next = parse("\u{1B}_Gi=1;\u{03}\u{13}\u{1B}\\j")
        #expect(next == [.reply(.kittyGraphics(id: 1, message: "")), .key(.character("j"))])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyWhenTimeRunsOut() {
        var parser = TerminalInputParser()
        // Given: ESC alone
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.waiting == .escape)
        // When: nothing follows in time
        // Then: it is Escape
        #expect(parser.expire() == [.key(.escape)])
        #expect(parser.waiting == .nothing)
        // And: ESC then P later is the start of a reply, not Escape and p
        #expect(parser.feed([0x1B]).isEmpty)
        #expect(parser.feed(Array("P>|x".utf8)).isEmpty)
        #expect(parser.waiting == .sequence)
    }

    @Test func anUnterminatedStringIsDroppedOnExpiryAndAnEscapeEndsIt() {
        var parser = TerminalInputParser()
        // Given: a DCS that never ends
        #expect(parser.feed(Array("\u{1B}P>|kitty(".utf8)).isEmpty)
        // When: time runs out
        #expect(parser.expire().isEmpty)
        // Then: the next key is a key
        #expect(parser.feed(Array("j".utf8)) == [.key(.character("j"))])
        // And: an APC cut by a new sequence ends there; the arrow after it still works
        #expect(parser.feed(Array("\u{1B}_Ga=q,i=9;garbage\u{1B}[A".utf8)) == [.key(.up)])
    }

    @Test func aMegabyteOfNoiseInsideAStringIsSwallowedWithBoundedMemory() {
        var parser = TerminalInputParser()
        // Given: 1 MB of noise in an APC, then its terminator and a key
        var bytes = Array("\u{1B}_G".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<(1 << 20) {
            var byte = UInt8.random(in: 0x20...0x7E, using: &generator)
            if byte == UInt8(ascii: "\\") { byte = UInt8(ascii: "x") }
            bytes.append(byte)
        }
        bytes += Array("\u{1B}\\q".utf8)
        // When / Then: the string is one opaque reply, the key after it a key
        #expect(parser.feed(bytes) == [.reply(.other(introducer: UInt8(ascii: "_"))), .key(.character("q"))])
    }

    @Test func randomBytesNeverCrashAndPrivateCSIsAreNeverKeys() {
        var generator = SplitMix64(seed: 42)
        var parser = TerminalInputParser()
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...64, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = parser.feed(bytes)
            if Bool.random(using: &generator) { _ = parser.expire() }
        }
        #expect(parse("\u{1B}[?1;2A\u{1B}[>5~\u{1B}[=3H").allSatisfy { if case .key = $0 { false } else { true } })
    }

    @Test func mouseReportsAndPastes() {
        // Given: SGR wheel, a left press, its release, then a bracketed paste holding keys
        let inputs = parse("\u{1B}[<64;10;5M\u{1B}[<65;1;1M\u{1B}[<0;3;4M\u{1B}[<0;3;4m\u{1B}[200~jjjq\u{1B}[201~k")
        // Then: the mouse reports, and the paste is swallowed
        #expect(inputs == [
            .mouse(MouseReport(action: .wheelUp, row: 4, column: 9)), .mouse(MouseReport(action: .wheelDown, row: 0, column: 0)),
            .mouse(MouseReport(action: .leftPress, row: 3, column: 2)), .mouse(MouseReport(action: .leftRelease, row: 3, column: 2)),
            .key(.character("k")),
        ])
    }

    @Test func dragsAndCtrlWheel() {
        // Given: a left press, two motions with it held, its release; Ctrl + wheel; a right press; bare motion
        let inputs = parse("\u{1B}[<0;3;4M\u{1B}[<32;4;4M\u{1B}[<32;6;5M\u{1B}[<0;6;5m\u{1B}[<80;2;2M\u{1B}[<2;1;1M\u{1B}[<35;9;9M")
        // Then: press, drags, release, a zoom notch; the right button and bare motion mean nothing
        #expect(inputs == [
            .mouse(MouseReport(action: .leftPress, row: 3, column: 2)),
            .mouse(MouseReport(action: .leftDrag, row: 3, column: 3)), .mouse(MouseReport(action: .leftDrag, row: 4, column: 5)),
            .mouse(MouseReport(action: .leftRelease, row: 4, column: 5)),
            .mouse(MouseReport(action: .wheelUp, row: 1, column: 1, control: true)),
        ])
    }

    @Test func hostileReplyTextIsNotKept() {
        // Given: a version with an escape-like byte and one far too long
        let long = String(repeating: "x", count: 500)
        let inputs = parse("\u{1B}P>|bad\u{7F}\u{1B}\\\u{1B}P>|\(long)\u{1B}\\")
        // Then: neither becomes a version
        #expect(inputs == [.reply(.other(introducer: UInt8(ascii: "P"))), .reply(.other(introducer: UInt8(ascii: "P")))])
    }
}

@Suite("XTSMGRAPHICS: the largest sixel image")
struct SixelGeometryReplyTests {
    @Test func theGeometryReplyIsReadAndABadOneIgnored() {
        // Given xterm's answer to CSI ? 2 ; 1 ; 0 S, then a failure status, then an absurd size
        var replies = TerminalReplies()
        replies.feed(Array("\u{1B}[?2;0;1000;1000S".utf8))
        #expect(replies.sixelGeometry == PixelSize(width: 1000, height: 1000))
        var failed = TerminalReplies()
        failed.feed(Array("\u{1B}[?2;3;0S".utf8))
        #expect(failed.sixelGeometry == nil)
        var absurd = TerminalReplies()
        absurd.feed(Array("\u{1B}[?2;0;99999999;4S".utf8))
        #expect(absurd.sixelGeometry == nil)
        // And it is never a key
        var parser = TerminalInputParser()
        #expect(parser.feed(Array("\u{1B}[?2;0;1000;1000S".utf8)).allSatisfy { if case .key = $0 { false } else { true } })
    }
}

import Testing
@testable import TerminalGraphics
import Vocabulary

/// The length of a style's SGR sequence, counted without writing it (a benchmark weighs every
/// frame's style changes with it), is the length of the sequence written.
@Suite("Frame text: SGR lengths")
struct FrameTextTests {
    @Test func theSGRLengthCountedIsTheLengthOfTheSequenceWritten() {
        // Given styles with every attribute set and colours of one, two and three digits
        let colors: [CellColor] = [
            .default, .indexed(0), .indexed(9), .indexed(10), .indexed(99), .indexed(100), .indexed(255),
            .rgb(0, 0, 0), .rgb(7, 42, 255), .rgb(100, 10, 1), .rgb(255, 255, 255),
        ]
        for raw in UInt8(0)..<16 {
            for foreground in colors {
                for background in colors {
                    let style = CellStyle(
                        foreground: foreground, background: background, attributes: CellAttributes(rawValue: raw))
                    // Then the length counted is the sequence's
                    #expect(FrameText.sgrLength(style) == FrameText.sgr(style).utf8.count, "\(style)")
                }
            }
        }
    }
}

import Testing
import TerminalGraphics
import TerminalKit

/// The registry: one list drives `--graphics` parsing, its help, and the automatic choice.
@Suite("Graphics protocols")
struct GraphicsProtocolsTests {
    @Test func everyProtocolIsNamedOnceAndParsedByItsName() throws {
        let names = GraphicsProtocols.all.map(\.name)
        #expect(names == ["kitty", "kitty-placeholders", "sixel", "iterm"])
        #expect(Set(names).count == names.count)
        for graphics in GraphicsProtocols.all {
            // Parsed by its name, in any case, to a request for exactly it
            let request = try #require(GraphicsSelection.Request(parsing: graphics.name.uppercased()))
            #expect(request == .pixels(graphics))
            #expect(request.backend?.graphics?.name == graphics.name)
            // And named in the help with what it is
            #expect(GraphicsProtocols.help.contains("\(graphics.name) (\(graphics.summary))"))
        }
        #expect(GraphicsSelection.Request(parsing: "auto") == .auto)
        #expect(GraphicsSelection.Request(parsing: "Blocks") == .blocks)
        #expect(GraphicsSelection.Request(parsing: "ascii") == nil)
        #expect(GraphicsSelection.Request.names == "auto, blocks, kitty, kitty-placeholders, sixel or iterm")
    }

    @Test func theBestSupportedProtocolIsChosenElseBlocksWithTheReason() {
        func choice(_ text: String, _ environment: [String: String] = [:]) -> GraphicsSelection {
            var replies = TerminalReplies()
            replies.feed(Array(text.utf8)[...])
            return GraphicsSelection.choose(.auto, replies: replies, environment: environment)
        }
        // kitty 0.35 answers kitty graphics: placeholders (40) beat direct placement (20)
        #expect(choice("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[?62;c").backend == .pixels(.kittyPlaceholders))
        // A kitty that also says sixel: kitty (20) beats sixel (10)
        #expect(choice("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;4c").backend == .pixels(.kitty))
        // xterm with sixel
        #expect(choice("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;4c") == GraphicsSelection(backend: .pixels(.sixel), reason: "sixel (terminal answered)"))
        // Nothing: the reason says whether the terminal answered at all
        #expect(choice("\u{1B}[?62;c") == GraphicsSelection(backend: .blocks, reason: "blocks (no graphics reply)"))
        #expect(choice("") == GraphicsSelection(backend: .blocks, reason: "blocks (no reply from the terminal)"))
        #expect(GraphicsSelection.choose(.auto, replies: nil, environment: [:]).reason == "blocks (no terminal to ask)")
        #expect(GraphicsSelection.choose(.blocks, replies: nil, environment: [:]).reason == "blocks (asked for)")
    }

    @Test func backendsAreEqualByProtocol() {
        #expect(PictureBackend.pixels(SixelGraphics()) == .pixels(.sixel))
        #expect(PictureBackend.pixels(.sixel) != .blocks)
        #expect(PictureBackend.blocks.name == "blocks" && PictureBackend.pixels(.iterm).name == "iterm")
        #expect(PictureBackend.pixels(.kittyPlaceholders).minimumColors == .palette256)
        #expect(PictureBackend.blocks.minimumColors == .none)
    }
}

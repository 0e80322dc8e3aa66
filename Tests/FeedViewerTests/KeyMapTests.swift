import Testing
import TerminalKit
import FeedViewer
import TerminalScreen
import TerminalGraphics
import Vocabulary
import Sidecars

@Suite("KeyMap")
struct KeyMapTests {
    let map = KeyMap()

    @Test(arguments: [
        (InputEvent.key(.character("j")), Command.moveFocus(by: 1)),
        (.key(.down), .moveFocus(by: 1)),
        (.key(.character("k")), .moveFocus(by: -1)),
        (.key(.up), .moveFocus(by: -1)),
        (.key(.pageDown), .pageDown),
        (.key(.character(" ")), .pageDown),
        (.key(.pageUp), .pageUp),
        (.key(.character("b")), .pageUp),
        (.key(.character("g")), .jumpToTop),
        (.key(.home), .jumpToTop),
        (.key(.character("G")), .jumpToEnd),
        (.key(.end), .jumpToEnd),
        (.key(.enter), .openDetail),
        (.key(.escape), .quit),
        (.key(.character("q")), .quit),
        (.key(.character("r")), .retryFocused),
        (.key(.character("R")), .retryAllFailed),
        (.key(.character("m")), .cycleSymbols),
        (.key(.character("c")), .clearMemoryCache),
        (.key(.character("C")), .clearAllCaches),
        (.key(.character("d")), .toggleLowData),
        (.key(.character("P")), .cyclePlaceholder),
        (.key(.character("l")), .toggleEventLog),
        (.key(.character("n")), .toggleNetworkPanel),
        (.key(.character("?")), .toggleHelp),
        (.key(.control("l")), .redraw),
        (.mouseWheel(.down), .scroll(by: 1)),
        (.mouseWheel(.up), .scroll(by: -1)),
        (.resize(CellSize(columns: 100, rows: 40)), .relayout(CellSize(columns: 100, rows: 40))),
        (.interrupt(.interrupt), .terminate(.interrupt)),
    ])
    func listBindings(event: InputEvent, command: Command) {
        #expect(map.command(for: event, in: .list) == command)
    }

    @Test(arguments: [
        (InputEvent.key(.character("h")), Command.moveFocusSideways(by: -1)),
        (.key(.left), .moveFocusSideways(by: -1)),
        (.key(.character("l")), .moveFocusSideways(by: 1)),
        (.key(.right), .moveFocusSideways(by: 1)),
        (.key(.character("j")), .moveFocus(by: 1)),
        (.key(.up), .moveFocus(by: -1)),
        (.key(.pageDown), .pageDown),
        (.key(.end), .jumpToEnd),
        (.key(.enter), .openDetail),
        (.key(.character("e")), .toggleEventLog),
        (.key(.character("v")), .toggleLayout),
        (.key(.character("q")), .quit),
        (.mouseWheel(.down), .scroll(by: 1)),
        (.mouseClick(CellPoint(row: 3, column: 7)), .focus(at: CellPoint(row: 3, column: 7))),
    ])
    func gridBindings(event: InputEvent, command: Command) {
        #expect(map.command(for: event, in: .grid) == command)
    }

    @Test func theListKeepsLForTheEventLogAndIgnoresSidewaysArrows() {
        #expect(map.command(for: .key(.character("l")), in: .list) == .toggleEventLog)
        #expect(map.command(for: .key(.character("e")), in: .list) == .toggleEventLog)
        #expect(map.command(for: .key(.character("v")), in: .list) == .toggleLayout)
        #expect(map.command(for: .key(.left), in: .list) == nil)
        #expect(map.command(for: .mouseClick(.zero), in: .list) == .focus(at: .zero))
        #expect(map.command(for: .mouseClick(.zero), in: .overlay) == nil)
        #expect(map.command(for: .mouseClick(.zero), in: .detail) == .dragStart(.zero))
    }

    @Test func aZoomedPhotoPansWithTheMovementKeysTheWheelAndADrag() {
        #expect(map.command(for: .key(.character("j")), in: .zoomed) == .pan(dx: 0, dy: 0.25))
        #expect(map.command(for: .key(.character("j")), in: .detail) == .moveFocus(by: 1))
        #expect(map.command(for: .key(.character("L")), in: .zoomed) == .pan(dx: 1, dy: 0))
        #expect(map.command(for: .key(.character("n")), in: .zoomed) == .moveFocus(by: 1))
        #expect(map.command(for: .key(.character("+")), in: .detail) == .zoom(.zoomIn))
        #expect(map.command(for: .key(.character("=")), in: .zoomed) == .zoom(.actual))
        #expect(map.command(for: .mouseWheel(.down), in: .zoomed) == .pan(dx: 0, dy: 0.125))
        #expect(map.command(for: .mouseWheel(.down), in: .detail) == nil)
        #expect(map.command(for: .mouseZoom(.up), in: .detail) == .zoom(.zoomIn))
        #expect(map.command(for: .mouseZoom(.up), in: .list) == nil)
        #expect(map.command(for: .mouseDrag(.zero), in: .zoomed) == .dragTo(.zero))
        #expect(map.command(for: .mouseDrag(.zero), in: .detail) == nil)
    }

    @Test func escapeAndQLeaveTheDetailViewAndOverlaysInsteadOfQuitting() {
        #expect(map.command(for: .key(.escape), in: .detail) == .back)
        #expect(map.command(for: .key(.character("q")), in: .overlay) == .back)
        #expect(map.command(for: .key(.character("?")), in: .overlay) == .toggleHelp)
    }

    @Test func overlaysSwallowListKeys() {
        #expect(map.command(for: .key(.character("j")), in: .overlay) == nil)
        #expect(map.command(for: .mouseWheel(.down), in: .overlay) == nil)
        #expect(map.command(for: .key(.character("R")), in: .detail) == nil)
    }

    @Test func unknownKeysMeanNothing() {
        #expect(map.command(for: .key(.character("Z")), in: .list) == nil)
        #expect(map.command(for: .key(.function(5)), in: .list) == nil)
    }

    @Test func lightroomsCullingKeysDecideInTheListTheGridAndThePhotoView() {
        // Given each context a photo can be decided in
        for context in [KeyMap.Context.list, .grid, .detail, .zoomed] {
            // Then 1–5 and 0 give stars, p x u the flags, 6–9 the labels, z undoes
            #expect(map.command(for: .key(.character("3")), in: context) == .decide(.stars(3)))
            #expect(map.command(for: .key(.character("0")), in: context) == .decide(.stars(0)))
            #expect(map.command(for: .key(.character("5")), in: context) == .decide(.stars(5)))
            #expect(map.command(for: .key(.character("p")), in: context) == .decide(.flag(.picked)))
            #expect(map.command(for: .key(.character("x")), in: context) == .decide(.flag(.rejected)))
            #expect(map.command(for: .key(.character("u")), in: context) == .decide(.flag(.unflagged)))
            #expect(map.command(for: .key(.character("6")), in: context) == .decide(.toggleLabel(.red)))
            #expect(map.command(for: .key(.character("7")), in: context) == .decide(.toggleLabel(.yellow)))
            #expect(map.command(for: .key(.character("8")), in: context) == .decide(.toggleLabel(.green)))
            #expect(map.command(for: .key(.character("9")), in: context) == .decide(.toggleLabel(.blue)))
            #expect(map.command(for: .key(.character("z")), in: context) == .undo)
        }
        // And the keys they took moved: P the placeholder; p no longer steps back in the photo view
        #expect(map.command(for: .key(.character("P")), in: .list) == .cyclePlaceholder)
        #expect(map.command(for: .key(.character("k")), in: .detail) == .moveFocus(by: -1))
        // And an overlay keeps its own keys (the network panel's 1–4 are its own)
        #expect(map.command(for: .key(.character("3")), in: .overlay) == nil)
    }

    @Test func wheelStepIsConfigurable() {
        #expect(KeyMap(wheelStep: 3).command(for: .mouseWheel(.down), in: .list) == .scroll(by: 3))
    }

    @Test func helpListsEveryKeyOfTheIssue() {
        let keys = KeyMap.helpEntries.map(\.keys).joined(separator: " ")
        for key in ["j", "k", "PgDn", "PgUp", "space", "b", "g", "G", "Home", "End", "wheel", "Enter", "r", "R",
                    "c", "C", "m", "P", "p", "x", "u", "z", "d", "l", "n", "?", "q", "Esc", "h", "←", "→", "e", "v", "click"] {
            #expect(keys.split(separator: " ").contains(Substring(key)), "\(key) missing from help")
        }
    }
}

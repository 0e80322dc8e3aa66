import Testing
import TerminalUI

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
        (.key(.character("p")), .cyclePlaceholder),
        (.key(.character("l")), .toggleEventLog),
        (.key(.character("n")), .toggleNetworkPanel),
        (.key(.character("?")), .toggleHelp),
        (.key(.control("l")), .redraw),
        (.mouseWheel(.down), .scroll(by: 1)),
        (.mouseWheel(.up), .scroll(by: -1)),
        (.resize(TerminalSize(rows: 40, columns: 100)), .relayout(TerminalSize(rows: 40, columns: 100))),
        (.interrupt(.interrupt), .terminate(.interrupt)),
    ])
    func listBindings(event: InputEvent, command: Command) {
        #expect(map.command(for: event, in: .list) == command)
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
        #expect(map.command(for: .key(.character("z")), in: .list) == nil)
        #expect(map.command(for: .key(.function(5)), in: .list) == nil)
    }

    @Test func wheelStepIsConfigurable() {
        #expect(KeyMap(wheelStep: 3).command(for: .mouseWheel(.down), in: .list) == .scroll(by: 3))
    }

    @Test func helpListsEveryKeyOfTheIssue() {
        let keys = KeyMap.helpEntries.map(\.keys).joined(separator: " ")
        for key in ["j", "k", "PgDn", "PgUp", "space", "b", "g", "G", "Home", "End", "wheel", "Enter", "r", "R",
                    "c", "C", "m", "p", "d", "l", "n", "?", "q", "Esc"] {
            #expect(keys.split(separator: " ").contains(Substring(key)), "\(key) missing from help")
        }
    }
}

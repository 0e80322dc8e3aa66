import TerminalKit
import TerminalGraphics
public import TerminalScreen
import Sidecars

/// Maps input events to commands, depending on what is on screen.
///
/// Pure: the same event in the same context always gives the same command.
/// The help overlay is generated from ``helpEntries`` so it lists exactly what
/// the map does.
///
/// ```swift
/// let map = KeyMap()
/// map.command(for: .key(.character("j")), in: .list) // .moveFocus(by: 1)
/// map.command(for: .key(.character("l")), in: .grid) // .moveFocusSideways(by: 1)
/// ```
public struct KeyMap: Sendable {
    /// What the viewer is showing, which changes the meaning of some keys.
    public enum Context: Hashable, Sendable {
        /// The feed list.
        case list
        /// The feed as a grid: h/l and ←/→ move sideways (l is not the event log here; e is).
        case grid
        /// The detail view of one photo.
        case detail
        /// The detail view, zoomed in: h j k l and the arrows pan instead of changing photos.
        case zoomed
        /// An overlay (help, event log, network panel) above the list.
        case overlay
    }

    /// One line of the help overlay.
    public struct HelpEntry: Hashable, Sendable {
        /// The keys, as shown to the user ("j ↓").
        public var keys: String
        /// What they do.
        public var action: String
        /// What kind of thing they do (README's and the manual's tables are one a group).
        public var group: KeyGroup

        /// An entry.
        public init(keys: String, action: String, group: KeyGroup) {
            self.keys = keys
            self.action = action
            self.group = group
        }
    }

    /// Rows scrolled by one notch of the mouse wheel.
    public var wheelStep: Int

    /// Creates a key map.
    public init(wheelStep: Int = 1) {
        self.wheelStep = wheelStep
    }

    /// The command for `event` in `context`, or `nil` when the event means nothing there.
    public func command(for event: InputEvent, in context: Context) -> Command? {
        switch event {
        case .resize(let size):
            return .relayout(size)
        case .interrupt(let signal):
            return .terminate(signal)
        case .suspend:
            return .suspend
        case .redraw:
            return .redraw
        case .terminalReply:
            return nil
        case .mouseWheel(let direction):
            if context == .zoomed { return .pan(dx: 0, dy: direction == .down ? 0.125 : -0.125) }
            guard context.isFeed else { return nil }
            return .scroll(by: direction == .down ? wheelStep : -wheelStep)
        case .mouseZoom(let direction):
            guard context == .detail || context == .zoomed else { return nil }
            return .zoom(direction == .up ? .zoomIn : .zoomOut)
        case .mouseClick(let point):
            if context == .detail || context == .zoomed { return .dragStart(point) }
            return context.isFeed ? .focus(at: point) : nil
        case .mouseDrag(let point):
            return context == .zoomed ? .dragTo(point) : nil
        case .key(let key):
            return command(for: key, in: context)
        }
    }

    private func command(for key: Key, in context: Context) -> Command? {
        switch (key, context) {
        case (.escape, .list), (.character("q"), .list), (.escape, .grid), (.character("q"), .grid):
            return .quit
        case (.escape, _), (.character("q"), _):
            return .back
        case (.control("c"), _):
            return .quit
        case (.character("?"), _):
            return .toggleHelp
        case (_, .overlay):
            return overlayCommand(for: key)
        case (_, .detail):
            return cullCommand(for: key) ?? zoomCommand(for: key) ?? detailCommand(for: key)
        case (_, .zoomed):
            return cullCommand(for: key) ?? zoomCommand(for: key) ?? panCommand(for: key) ?? detailCommand(for: key)
        case (_, .list):
            return cullCommand(for: key) ?? navigationCommand(for: key) ?? actionCommand(for: key)
        case (_, .grid):
            return cullCommand(for: key) ?? sidewaysCommand(for: key) ?? navigationCommand(for: key) ?? actionCommand(for: key)
        }
    }

    /// Lightroom's culling keys, the same in the list, the grid and the photo view: `1`–`5`
    /// stars and `0` none, `p` pick, `x` reject, `u` neither, `6`–`9` red, yellow, green, blue;
    /// `F` the filter by decision.
    private func cullCommand(for key: Key) -> Command? {
        guard case .character(let character) = key else { return nil }
        switch character {
        case "0"..."5": return .decide(.stars(character.wholeNumberValue ?? 0))
        case "6"..."9": return .decide(.toggleLabel(ColorLabel.keyed[(character.wholeNumberValue ?? 6) - 6]))
        case "p": return .decide(.flag(.picked))
        case "x": return .decide(.flag(.rejected))
        case "u": return .decide(.flag(.unflagged))
        case "z": return .undo
        case "F": return .cycleDecisionFilter
        default: return nil
        }
    }

    private func navigationCommand(for key: Key) -> Command? {
        switch key {
        case .character("j"), .down: .moveFocus(by: 1)
        case .character("k"), .up: .moveFocus(by: -1)
        case .pageDown, .character(" "), .control("f"): .pageDown
        case .pageUp, .character("b"), .control("b"): .pageUp
        case .character("g"), .home: .jumpToTop
        case .character("G"), .end: .jumpToEnd
        case .enter: .openDetail
        default: nil
        }
    }

    private func sidewaysCommand(for key: Key) -> Command? {
        switch key {
        case .character("h"), .left: .moveFocusSideways(by: -1)
        case .character("l"), .right: .moveFocusSideways(by: 1)
        default: nil
        }
    }

    private func actionCommand(for key: Key) -> Command? {
        switch key {
        case .character("r"): .retryFocused
        case .character("R"): .retryAllFailed
        case .character("c"): .clearMemoryCache
        case .character("C"): .clearAllCaches
        case .character("m"): .cycleSymbols
        case .character("i"): .cycleGraphics
        case .character("P"): .cyclePlaceholder
        case .character("d"): .toggleLowData
        case .character("a"): .toggleAnimations
        case .character("I"): .toggleInfoPanel
        case .character("y"): .copyLocation
        case .character("o"): .openExternally
        case .character("D"): .trashFocused
        case .character("X"): .trashRejected
        case .character("V"): .toggleCompare
        case .character("t"): .toggleMark
        case .character("S"): .toggleSlideshow
        case .character("T"): .invertMarks
        case .character("s"): .saveOriginal
        case .character("/"): .startFilter
        case .character("O"): .chooseSort
        case .character("l"), .character("e"): .toggleEventLog
        case .character("n"): .toggleNetworkPanel
        case .character("v"): .toggleLayout
        case .control("l"): .redraw
        default: nil
        }
    }

    private func detailCommand(for key: Key) -> Command? {
        switch key {
        case .character("r"): .retryFocused
        case .character("m"): .cycleSymbols
        case .character("j"), .down, .character(" "), .pageDown, .character("n"): .moveFocus(by: 1)
        case .character("k"), .up, .character("b"), .pageUp: .moveFocus(by: -1)
        case .character("S"): .toggleSlideshow
        case .character("y"): .copyLocation
        case .character("o"): .openExternally
        case .character("s"): .saveOriginal
        case .character("V"): .toggleCompare
        case .character("E"): .developRaw
        default: nil
        }
    }

    private func zoomCommand(for key: Key) -> Command? {
        switch key {
        case .character("+"): .zoom(.zoomIn)
        case .character("-"): .zoom(.zoomOut)
        case .character("="): .zoom(.actual)
        case .character("w"): .zoom(.fit)
        case .character("W"): .zoom(.fill)
        default: nil
        }
    }

    private func panCommand(for key: Key) -> Command? {
        switch key {
        case .character("h"), .left: .pan(dx: -0.25, dy: 0)
        case .character("l"), .right: .pan(dx: 0.25, dy: 0)
        case .character("k"), .up: .pan(dx: 0, dy: -0.25)
        case .character("j"), .down: .pan(dx: 0, dy: 0.25)
        case .character("H"): .pan(dx: -1, dy: 0)
        case .character("L"): .pan(dx: 1, dy: 0)
        case .character("K"): .pan(dx: 0, dy: -1)
        case .character("J"): .pan(dx: 0, dy: 1)
        default: nil
        }
    }

    private func overlayCommand(for key: Key) -> Command? {
        switch key {
        case .character("l"), .character("e"): .toggleEventLog
        case .character("n"): .toggleNetworkPanel
        case .character("I"): .toggleInfoPanel
        case .enter: .back
        default: nil
        }
    }

    /// Every binding, in the order the help overlay lists them.
    public static let helpEntries: [HelpEntry] = [
        HelpEntry(keys: "j ↓", action: "next row", group: .move),
        HelpEntry(keys: "k ↑", action: "previous row", group: .move),
        HelpEntry(keys: "h l ← →", action: "left / right (grid)", group: .move),
        HelpEntry(keys: "PgDn space", action: "page down", group: .move),
        HelpEntry(keys: "PgUp b", action: "page up", group: .move),
        HelpEntry(keys: "g Home", action: "first row", group: .move),
        HelpEntry(keys: "G End", action: "very last row", group: .move),
        HelpEntry(keys: "wheel", action: "scroll", group: .move),
        HelpEntry(keys: "click", action: "focus (again: open)", group: .move),
        HelpEntry(keys: "Enter", action: "open photo", group: .view),
        HelpEntry(keys: "+ - = w W", action: "zoom, 1:1, fit, fill", group: .view),
        HelpEntry(keys: "h j k l drag", action: "pan a zoomed photo", group: .view),
        HelpEntry(keys: "E", action: "develop RAW (photo)", group: .view),
        HelpEntry(keys: "v", action: "list / grid", group: .view),
        HelpEntry(keys: "r", action: "retry row or page", group: .act),
        HelpEntry(keys: "R", action: "retry failed, damaged", group: .act),
        HelpEntry(keys: "c", action: "clear memory cache", group: .act),
        HelpEntry(keys: "C", action: "all caches (asks)", group: .act),
        HelpEntry(keys: "m", action: "next symbol set", group: .view),
        HelpEntry(keys: "i", action: "block art / pixels", group: .view),
        HelpEntry(keys: "P", action: "shimmer / spinner", group: .view),
        HelpEntry(keys: "d", action: "low-data mode", group: .view),
        HelpEntry(keys: "a", action: "pause / play motion", group: .view),
        HelpEntry(keys: "l e", action: "event log (e in grid)", group: .panels),
        HelpEntry(keys: "n", action: "network panel", group: .panels),
        HelpEntry(keys: "I", action: "photo info", group: .panels),
        HelpEntry(keys: "y", action: "copy path / URL", group: .act),
        HelpEntry(keys: "o", action: "open with xdg-open", group: .act),
        HelpEntry(keys: "S", action: "slideshow", group: .view),
        HelpEntry(keys: "t", action: "mark / unmark, next", group: .marks),
        HelpEntry(keys: "T", action: "invert marks", group: .marks),
        HelpEntry(keys: "s", action: "save the original", group: .act),
        HelpEntry(keys: "D", action: "to the Trash (asks)", group: .act),
        HelpEntry(keys: "z", action: "undo decision / Trash", group: .act),
        HelpEntry(keys: "1-5 0", action: "stars, none", group: .cull),
        HelpEntry(keys: "p x u", action: "pick, reject, neither", group: .cull),
        HelpEntry(keys: "6-9", action: "red yellow green blue", group: .cull),
        HelpEntry(keys: "F", action: "filter by decision", group: .cull),
        HelpEntry(keys: "X", action: "rejects to the Trash", group: .cull),
        HelpEntry(keys: "V", action: "compare two photos", group: .cull),
        HelpEntry(keys: "/", action: "filter by name (n N)", group: .find),
        HelpEntry(keys: "O", action: "sort by… (asks)", group: .find),
        HelpEntry(keys: "?", action: "this help", group: .panels),
        HelpEntry(keys: "q Esc", action: "back / unmark / quit", group: .quit),
        HelpEntry(keys: "^Z", action: "suspend (fg resumes)", group: .quit),
    ]
}

extension KeyMap.Context {
    /// The feed is on screen (list or grid), with no overlay or detail view above it.
    public var isFeed: Bool { self == .list || self == .grid }
}

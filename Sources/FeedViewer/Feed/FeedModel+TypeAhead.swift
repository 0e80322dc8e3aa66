import TerminalScreen
/// Keys typed before there is anything to act on: the user typed ahead (during the terminal
/// probe, or while the first page was on its way). Those that act on the rows (moves, marks,
/// `y`, `o`, `s`, `D`, the photo view) wait, in order, for the feed's first rows and are then
/// handled as if typed at that moment: `j j` moves the focus twice.
///
/// Only while the first page is in flight with no row listed. The others act at once (help,
/// panels, a prompt and its text, `q`, Ctrl-C, Ctrl-Z, a resize, the terminal's replies), but
/// once a key waits, every later key but `q` waits behind it, so none overtakes another. A
/// feed that fails or is empty ends the viewer, and what waited with it.
///
/// ```swift
/// var effects = FeedUpdate.update(&model, .start, now: .zero)                      // [.loadPage]
/// effects = FeedUpdate.update(&model, .input(.key(.character("j"))), now: .zero)   // []: held
/// effects = FeedUpdate.update(&model, .page(.success(page)), now: .zero)           // rows, then j
/// ```
extension FeedModel {
    /// The most inputs held; later ones are dropped (a terminal pouring bytes is not a user).
    static let maximumHeldInput = 256

    /// Whether `input` waits for the first rows instead of acting now.
    func holdsForRows(_ input: InputEvent) -> Bool {
        guard keys.isEmpty, pagesLoaded == 0, pageState == .loading, prompt == nil, confirmation == nil else {
            return false
        }
        switch input {
        case .key, .mouseWheel, .mouseZoom, .mouseClick, .mouseDrag:
            guard let command = Self.keyMap.command(for: input, in: keyContext) else { return !heldInput.isEmpty }
            if case .quit = command { return false }
            return !heldInput.isEmpty || Self.actsOnRows(command)
        case .resize, .interrupt, .suspend, .redraw, .terminalReply:
            return false
        }
    }

    /// Whether `command` needs rows to act on (with none it would do nothing, or say so).
    static func actsOnRows(_ command: Command) -> Bool {
        switch command {
        case .moveFocus, .moveFocusSideways, .focus, .scroll, .pageDown, .pageUp, .jumpToTop, .jumpToEnd,
            .openDetail, .retryFocused, .copyLocation, .openExternally, .zoom, .pan, .dragStart, .dragTo, .nextMatch,
            .toggleSlideshow, .toggleMark, .invertMarks, .saveOriginal, .trashFocused, .toggleInfoPanel, .decide:
            return true
        default:
            return false
        }
    }

    /// Handles the held inputs, in order, once the feed has rows (nothing before).
    mutating func releaseHeldInput() -> [FeedEffect] {
        guard !heldInput.isEmpty, !keys.isEmpty else { return [] }
        let inputs = loading.takeHeldInput()
        var effects: [FeedEffect] = []
        for input in inputs {
            effects += handle(input)
            if effects.contains(where: \.isQuit) { break }
        }
        return effects
    }
}

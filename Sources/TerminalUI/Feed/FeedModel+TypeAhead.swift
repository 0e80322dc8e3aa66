/// Keys typed before there is anything to act on: the user typed ahead (during the terminal
/// probe, or while the first page was on its way). They wait, in order, for the feed's first
/// rows and are then handled as if typed at that moment; `j j` moves the focus twice.
///
/// Only keys and clicks wait, and only while the first page is in flight with no row listed;
/// a quit (`q`), Ctrl-C, Ctrl-Z, a resize and the terminal's replies act at once. A feed that
/// fails or is empty ends the viewer, and what waited with it.
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
        guard keys.isEmpty, pagesLoaded == 0, pageState == .loading else { return false }
        switch input {
        case .key, .mouseWheel, .mouseZoom, .mouseClick, .mouseDrag:
            if case .quit? = Self.keyMap.command(for: input, in: keyContext) { return false }
            return true
        case .resize, .interrupt, .suspend, .redraw, .terminalReply:
            return false
        }
    }

    /// Handles the held inputs, in order, once the feed has rows (nothing before).
    mutating func releaseHeldInput() -> [FeedEffect] {
        guard !heldInput.isEmpty, !keys.isEmpty else { return [] }
        let inputs = heldInput
        heldInput.removeAll()
        var effects: [FeedEffect] = []
        for input in inputs {
            effects += handle(input)
            if effects.contains(where: \.isQuit) { break }
        }
        return effects
    }
}

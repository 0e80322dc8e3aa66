import TerminalKit
import TerminalGraphics

/// Replies from the terminal that arrive while the viewer runs (after the start-up probe gave up
/// waiting): they update the profile, and when they show the terminal draws real pixels the
/// viewer upgrades from block art, live, saying why.
extension FeedModel {
    mutating func terminalAnswered(_ reply: TerminalReply) -> [FeedEffect] {
        guard var profile = options.terminal else { return [] }
        let fenceBefore = profile.replies?.isComplete ?? false
        var choice = profile.apply(reply)
        options.terminal = profile
        let fenceNow = profile.replies?.isComplete ?? false
        if let geometry = profile.replies?.sixelGeometry, geometry != options.sixelGeometry {
            options.sixelGeometry = geometry
            if options.graphics.graphics?.name == SixelGraphics().name {
                return replacePictures()
            }
        }
        if profile.request == .auto, !options.graphicsChosenByUser, choice.backend == options.graphics,
            choice.backend != .blocks, let reported = profile.replies?.cellPixels, reported != options.cellPixels
        {
            // The cell size came after the upgrade: pictures sized for it.
            options.cellPixels = reported
            return replacePictures()
        }
        guard profile.request == .auto, !options.graphicsChosenByUser, choice.backend != options.graphics,
            choice.backend != .blocks
        else {
            if fenceNow, !fenceBefore { note("terminal answered late: \(choice.reason)") }
            return []
        }
        if options.screenColors < choice.backend.minimumColors { return [] }
        choice.reason = Self.late(choice.reason)
        profile.selection = choice
        options.terminal = profile
        options.graphics = choice.backend
        options.graphicsChoices = [choice.backend, .blocks]
        options.cellPixels = profile.cellPixels
        options.graphicsReason = choice.reason
        note("pictures: \(choice.reason)")
        return replacePictures()
    }

    /// `reason` saying the answer came late: "kitty (terminal answered late)", "kitty
    /// placeholders (tmux passthrough, answered late)".
    static func late(_ reason: String) -> String {
        if reason.contains("terminal answered") {
            return reason.replacing("terminal answered", with: "terminal answered late")
        }
        guard reason.hasSuffix(")") else { return reason + " (answered late)" }
        return reason.dropLast() + ", answered late)"
    }
}

/// The floor under pictures sized to the link: over a link too slow for even a lighter
/// version of a picture, the rows show block art, saying why; pixels come back when it is fast
/// enough again (and the user did not choose with `i`).
extension FeedModel {
    /// The rate below which pictures are block art: a lighter version of a picture (a sixteenth
    /// of its pixels, about 10 KB) would take more than a second.
    public static let blockArtRate = 12_000.0
    /// The rate from which pixels come back: well above the floor, so a link near it does not
    /// flip the rows back and forth.
    public static let pixelsAgainRate = 3 * blockArtRate

    mutating func linkMeasured(_ rate: Double) -> [FeedEffect] {
        guard !options.graphicsChosenByUser, let pixels = options.graphicsChoices.first(where: { $0 != .blocks }) else { return [] }
        let speed = ByteCountFormat.string(Int64(rate.rounded())) + "/s"
        if options.graphics != .blocks, rate < Self.blockArtRate {
            options.graphics = .blocks
            options.graphicsReason = "blocks (the link carries \(speed): too slow for pictures)"
            note("pictures: block art, the link carries \(speed)")
            return replacePictures()
        }
        if options.graphics == .blocks, rate >= Self.pixelsAgainRate, options.graphicsReason?.contains("too slow for pictures") == true {
            options.graphics = pixels
            options.graphicsReason = options.terminal?.selection.reason
            note("pictures: \(pixels.name) again, the link carries \(speed)")
            return replacePictures()
        }
        return []
    }

    // MARK: The pictures chosen by key

    /// The next picture variant (`m`).
    mutating func cyclePictures() -> [FeedEffect] {
        guard options.graphics == .blocks, pictures.nextVariant() != nil else {
            note("\(pictures.name) pictures have no symbol sets")
            return []
        }
        options.art.symbols = options.art.symbols.next
        let effects = replacePictures()
        note("symbols: \(pictures.name)")
        return effects
    }

    /// The next picture backend the terminal can show (`i`): block art, or pixels.
    mutating func cycleGraphics() -> [FeedEffect] {
        let choices = options.graphicsChoices
        guard choices.count > 1 else {
            note("pictures: \(pictures.name) is all this terminal shows")
            return []
        }
        let next = choices[((choices.firstIndex(of: options.graphics) ?? 0) + 1) % choices.count]
        options.graphics = next
        options.graphicsChosenByUser = true
        let effects = replacePictures()
        note("pictures: \(pictures.name)")
        return effects
    }
}

import TerminalKit
import TerminalGraphics
import TerminalScreen
import Vocabulary

/// How the pictures' options change while the viewer runs: the terminal's late answers, the
/// floor under pictures sized to the link, and `m` and `i`. Each change says what the model
/// does about it (``PictureChange``): a note, and whether the pictures are drawn again.
///
/// Replies that arrive after the start-up probe gave up waiting update the profile, and when
/// they show the terminal draws real pixels the viewer upgrades from block art, live, saying
/// why. Over a link too slow for even a lighter version of a picture, the rows show block art,
/// saying why; pixels come back when it is fast enough again (and the user did not choose
/// with `i`).
///
/// ```swift
/// let change = options.answer(.kittyGraphics(id: 31, message: "OK"))   // "pictures: kitty (…, answered late)"
/// if change.redraw { /* every picture drawn again with options.pictureRenderer */ }
/// ```
extension FeedViewerOptions {
    /// What a change of the pictures' options asks of the model, in order: a note, the pictures
    /// drawn again with the new renderer, a note after them.
    struct PictureChange: Sendable, Equatable {
        /// Said before the pictures are drawn again.
        var noteBefore: String?
        /// Whether the pictures are drawn again.
        var redraw = false
        /// Said after the pictures are drawn again.
        var noteAfter: String?
    }

    /// The rate below which pictures are block art: a lighter version of a picture (a sixteenth
    /// of its pixels, about 10 KB) would take more than a second.
    static let blockArtRate = 12_000.0
    /// The rate from which pixels come back: well above the floor, so a link near it does not
    /// flip the rows back and forth.
    static let pixelsAgainRate = 3 * blockArtRate

    /// A reply from the terminal after the probe: the profile learns it; pixels replace block
    /// art when it shows the terminal draws them (and the user did not choose); block art is
    /// drawn again at the cell's proportions when its size came late (and `--cell-aspect` did
    /// not say them).
    mutating func answer(_ reply: TerminalReply) -> PictureChange {
        var change = answerPictures(reply)
        if takeLateCellAspect() { change.redraw = true }
        return change
    }

    /// The cells' proportions from what the terminal has said so far, when they differ from
    /// block art's and the user did not give them; whether they changed.
    private mutating func takeLateCellAspect() -> Bool {
        guard !cellAspectChosenByUser, var profile = terminal else { return false }
        let decided = CellAspect.decide(flag: nil, replies: profile.replies, family: profile.family)
        guard decided.aspect.ratio != art.cellAspect else { return false }
        profile.cellAspect = decided
        terminal = profile
        art.cellAspect = decided.aspect.ratio
        return true
    }

    private mutating func answerPictures(_ reply: TerminalReply) -> PictureChange {
        guard var profile = terminal else { return PictureChange() }
        let fenceBefore = profile.replies?.isComplete ?? false
        var choice = profile.apply(reply)
        terminal = profile
        let fenceNow = profile.replies?.isComplete ?? false
        if let geometry = profile.replies?.sixelGeometry, geometry != sixelGeometry {
            sixelGeometry = geometry
            if graphics.graphics?.name == SixelGraphics().name {
                return PictureChange(redraw: true)
            }
        }
        if profile.request == .auto, !graphicsChosenByUser, choice.backend == graphics,
            choice.backend != .blocks, let reported = profile.replies?.cellPixels, reported != cellPixels
        {
            // The cell size came after the upgrade: pictures sized for it.
            cellPixels = reported
            return PictureChange(redraw: true)
        }
        guard profile.request == .auto, !graphicsChosenByUser, choice.backend != graphics, choice.backend != .blocks
        else {
            return PictureChange(noteBefore: fenceNow && !fenceBefore ? "terminal answered late: \(choice.reason)" : nil)
        }
        if screenColors < choice.backend.minimumColors { return PictureChange() }
        choice.reason = Self.late(choice.reason)
        profile.selection = choice
        terminal = profile
        graphics = choice.backend
        graphicsChoices = [choice.backend, .blocks]
        cellPixels = profile.cellPixels
        graphicsReason = choice.reason
        return PictureChange(noteBefore: "pictures: \(choice.reason)", redraw: true)
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

    /// The link carries `rate` bytes a second: block art below the floor, pixels again well
    /// above it (unless the user chose with `i`).
    mutating func linkMeasured(_ rate: Double) -> PictureChange {
        guard !graphicsChosenByUser, let pixels = graphicsChoices.first(where: { $0 != .blocks }) else { return PictureChange() }
        let speed = ByteCountFormat.string(Int64(rate.rounded())) + "/s"
        if graphics != .blocks, rate < Self.blockArtRate {
            graphics = .blocks
            graphicsReason = "blocks (the link carries \(speed): too slow for pictures)"
            return PictureChange(noteBefore: "pictures: block art, the link carries \(speed)", redraw: true)
        }
        if graphics == .blocks, rate >= Self.pixelsAgainRate, graphicsReason?.contains("too slow for pictures") == true {
            graphics = pixels
            graphicsReason = terminal?.selection.reason
            return PictureChange(noteBefore: "pictures: \(pixels.name) again, the link carries \(speed)", redraw: true)
        }
        return PictureChange()
    }

    /// `m`: the next symbol set of block art; `given` is the renderer a test gave, used
    /// whatever the options say.
    mutating func cycleSymbols(given: (any PictureRenderer)?) -> PictureChange {
        let pictures = given ?? pictureRenderer
        guard graphics == .blocks, pictures.nextVariant() != nil else {
            return PictureChange(noteBefore: "\(pictures.name) pictures have no symbol sets")
        }
        art.symbols = art.symbols.next
        return PictureChange(redraw: true, noteAfter: "symbols: \((given ?? pictureRenderer).name)")
    }

    /// `i`: the next picture backend the terminal can show (block art, or pixels); `given` is
    /// the renderer a test gave.
    mutating func cycleGraphics(given: (any PictureRenderer)?) -> PictureChange {
        guard graphicsChoices.count > 1 else {
            return PictureChange(noteBefore: "pictures: \((given ?? pictureRenderer).name) is all this terminal shows")
        }
        graphics = graphicsChoices[((graphicsChoices.firstIndex(of: graphics) ?? 0) + 1) % graphicsChoices.count]
        graphicsChosenByUser = true
        return PictureChange(redraw: true, noteAfter: "pictures: \((given ?? pictureRenderer).name)")
    }
}

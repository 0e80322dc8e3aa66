import FoundationEssentials
import ImageCodecs
import ImageLoading
import TerminalScreen

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// Plays an animated GIF or WebP in place, where `show` printed its first frame, like chafa and
/// timg do: each frame for its own duration, redrawn over the last (inside synchronized output,
/// so a frame never shows half drawn), the cursor hidden meanwhile. It stops after the loops it
/// was asked for (or the file's), after `--duration`, or at `q`/Esc; Ctrl-C ends `show` through
/// ``ShowInterruption``, which puts the cursor and the terminal's modes back.
struct ShowAnimation {
    /// A frame as printed: its bytes, the rows it covers, and what erases it once its successor
    /// is up (kitty: the old image's deletion; nothing for protocols that draw over it).
    struct Printed {
        var bytes: [UInt8]
        var rows: Int
        var release: [UInt8] = []
        /// The terminal's name for its image (two frames with the same pixels share one).
        var imageID: UInt32?
    }

    /// How the animation ended.
    enum Ending: Equatable {
        /// It played what it was asked to (or could not go on): the next image follows.
        case played
        /// `q` or Esc: `show` stops.
        case quit
        /// The reader went away (a closed pipe or terminal).
        case outputClosed
    }

    /// The decoder, at the size the first frame was printed at.
    var decoder: AnimationDecoder
    /// Plays in all (nil: forever).
    var plays: Int?
    /// The longest it plays.
    var duration: Duration?

    /// The animation in the local file `image` when `settings` let animations play and standard
    /// output is a terminal (into a pipe or a file, only the first frame is printed); nil else.
    static func animation(ofFile image: String, settings: ShowSettings) -> AnimationData? {
        guard settings.animate != .off, isatty(STDOUT_FILENO) == 1, image != Show.standardInputName,
            !Show.isRemote(image)
        else { return nil }
        return AnimationData(animatedFile: Show.fileURL(image))
    }

    /// A player for `data` at `frameSize` under `settings`; nil when the decoder cannot open it.
    static func player(_ data: AnimationData, frameSize: PixelSize, settings: ShowSettings) -> ShowAnimation? {
        guard let decoder = try? AnimationDecoder(data.bytes, frameSize: frameSize) else { return nil }
        return ShowAnimation(
            decoder: decoder, plays: plays(fileLoops: decoder.info.loopCount, settings: settings),
            duration: settings.duration.map { .milliseconds(Int($0 * 1000)) })
    }

    /// The plays for a file whose header asks for `fileLoops` (nil: forever), under `settings`.
    static func plays(fileLoops: Int?, settings: ShowSettings) -> Int? {
        if let loops = settings.loops { return loops }
        if settings.animate == .once || settings.images.count > 1 { return 1 }
        return fileLoops
    }

    /// Plays the frames after the first, which is on screen as `first`; `render` prints a frame.
    func play(after first: Printed, render: (Bitmap) -> Printed, output: any ShowOutput, keys: ShowKeys) -> Ending {
        let clock = ContinuousClock()
        let start = clock.now
        guard output.write(PrintedFrames.hideCursor) else { return .outputClosed }
        defer { _ = output.write(PrintedFrames.showCursor) }
        guard let opening = try? decoder.nextFrame() else { return .played }
        var shown = first
        var due = start + opening.duration
        var loopsDone = 0
        while true {
            if let duration, clock.now - start >= duration { return .played }
            guard let next = try? decoder.nextFrame() else { return .played }
            if next.index == 0 {
                loopsDone += 1
                if let plays, loopsDone >= plays { return keys.waitForQuit(until: due) ? .quit : .played }
            }
            let printed = render(next.bitmap)
            if keys.waitForQuit(until: due) { return .quit }
            var bytes = PrintedFrames.beginSynchronized
            bytes += PrintedFrames.lineStart(rowsUp: shown.rows)
            bytes += printed.bytes
            if shown.imageID != printed.imageID { bytes += shown.release }
            bytes += PrintedFrames.endSynchronized
            guard output.write(bytes) else { return .outputClosed }
            shown = printed
            // A frame drawn late does not make the next ones rush.
            due = max(due, clock.now - .milliseconds(5)) + next.duration
        }
    }
}

/// The keys `show` listens to while an animation plays: `q` or a lone Esc stop it. On a terminal
/// input is read unbuffered and unechoed meanwhile (put back by ``restore()``); without one,
/// waiting is only waiting.
final class ShowKeys {
    private var saved: termios?

    /// Starts listening (a terminal on standard input goes unbuffered and silent).
    init() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        saved = modes
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }

    deinit { restore() }

    /// Puts the terminal's input modes back.
    func restore() {
        guard var modes = saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        saved = nil
    }

    /// Waits until `deadline`; true as soon as `q`, `Q` or Esc is typed.
    func waitForQuit(until deadline: ContinuousClock.Instant) -> Bool {
        let clock = ContinuousClock()
        while clock.now < deadline {
            let left = clock.now.duration(to: deadline)
            let milliseconds = Int32(clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard saved != nil else {
                poll(nil, 0, milliseconds)
                continue
            }
            var watched = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, milliseconds) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else {
                poll(nil, 0, milliseconds)
                continue
            }
            if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") { return true }
            // Esc alone quits; Esc followed at once by more is a sequence (a late reply to the
            // probe, an arrow key): read and ignored.
            if byte == 0x1B, !drainSequence() { return true }
        }
        return false
    }

    /// Reads what follows an Esc within 20 ms; false when nothing did (a lone Esc).
    private func drainSequence() -> Bool {
        var followed = false
        var watched = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while poll(&watched, 1, 20) > 0 {
            var bytes = [UInt8](repeating: 0, count: 256)
            guard read(STDIN_FILENO, &bytes, bytes.count) > 0 else { break }
            followed = true
        }
        return followed
    }
}

import TerminalKit
public import TerminalGraphics
public import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// A terminal that cannot move its cursor (`TERM=dumb`: Emacs' shell, where emacspeak users
/// meet it, a serial line, a transcript): the screen-reader mode's frames as a growing list of
/// plain lines, keys read a line at a time.
///
/// Nothing is ever addressed or erased, so nothing is written but text and newlines: the first
/// frame prints its lines; then a frame prints the focused line when the focus moved, a page
/// whole when it opened (help, a panel, the detail view) and its new lines as they come, and
/// the bottom line when there is news. The terminal's
/// mode is left as it is (its own line editing and echo, Ctrl-C and Ctrl-D as the shell's), so
/// there is nothing to restore: the process can end any way at all.
///
/// Keys: each character typed is a key (`j`, `k`, `?`, `q`, …) once the line is sent; an empty
/// line is Enter. End of input quits.
///
/// ```swift
/// let screen = try LineScreen(size: CellSize(columns: 80, rows: 24))
/// defer { screen.close() }
/// screen.apply(FrameChanges(from: nil, to: frame))   // prints the frame's lines
/// ```
public final class LineScreen: Screen {
    public let size: CellSize
    public let colorCapability = ColorDepth.none
    public let wakeups: AsyncStream<Void>

    private let input: Int32
    private let output: Int32
    private let watcher: InputWatcher
    private let continuation: AsyncStream<Void>.Continuation
    private var cells: CellBlock
    /// The frame last shown.
    private var shown: Shown?
    /// Keys read and not yet taken.
    private var pending: [InputEvent] = []
    /// Whether the next character read starts a line (an empty line is Enter).
    private var atLineStart = true
    /// Bytes of a character cut between two reads.
    private var partial: [UInt8] = []
    private var isClosed = false

    /// A screen of `size` (the frames' size: how many photos a page lists) on `input` and `output`.
    public init(size: CellSize, input: Int32 = 0, output: Int32 = 1) throws(ScreenError) {
        self.size = CellSize(columns: max(10, size.columns), rows: max(2, size.rows))
        self.input = input
        self.output = output
        cells = CellBlock(size: self.size)
        watcher = try InputWatcher(descriptor: input)
        (wakeups, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let continuation = continuation
        watcher.start { @Sendable _ in continuation.yield() }
    }

    deinit {
        close()
    }

    /// Stops reading. Idempotent; the terminal was never changed.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        watcher.stop()
        continuation.finish()
    }

    /// The size to draw at: `COLUMNS` and `LINES` when set (a dumb terminal may not say its
    /// size), else what `descriptor`'s terminal says, else 80×24.
    public static func size(environment: [String: String], descriptor: Int32 = 1) -> CellSize {
        var window = winsize()
        let measured = ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 && window.ws_row > 0 && window.ws_col > 0
        let rows = environment["LINES"].flatMap(Int.init) ?? (measured ? Int(window.ws_row) : 24)
        let columns = environment["COLUMNS"].flatMap(Int.init) ?? (measured ? Int(window.ws_col) : 80)
        return CellSize(columns: min(max(10, columns), 1000), rows: min(max(2, rows), 500))
    }

    public func put(_ cells: some Collection<ScreenCell>, at point: CellPoint) {
        self.cells.put(cells, at: point, style: .plain)
    }

    public func clear(_ region: CellRect) {
        cells.fill(region, with: .blank)
    }

    public func setCursorVisible(_ visible: Bool) {}

    public func placeCursor(_ point: CellPoint?) {}

    public func flush() {}

    /// Prints what of `changes.frame` a listener needs: see the type's description.
    public func apply(_ changes: FrameChanges) {
        let frame = changes.frame
        let lines = FrameText.lines(frame.cells).map(TextTruncation.trimmed)
        let shownNow = Shown(lines: lines, cursor: frame.cursor, isPage: frame.showsPage)
        let printed = Self.linesToPrint(shownNow, after: shown)
        shown = shownNow
        guard !printed.isEmpty, !isClosed else { return }
        write(printed.map { $0 + "\n" }.joined())
    }

    /// A frame as lines: what was printed from.
    struct Shown: Equatable {
        var lines: [String]
        var cursor: CellPoint?
        var isPage: Bool
    }

    /// The lines to print for `frame` after `old` (nil: nothing printed yet). Pure.
    ///
    /// A page (or the list) that was not shown before: its lines whole. The same page: its new
    /// lines (an event, the info read). The list: the focused photo's line when the focus moved
    /// to another photo (its load's end is news, said on the bottom line; its progress is not
    /// printed). The bottom line whenever it changed.
    static func linesToPrint(_ frame: Shown, after old: Shown?) -> [String] {
        guard let bottom = frame.lines.last else { return [] }
        let content = Array(frame.lines.dropLast())
        let news = bottom.isEmpty || bottom == old?.lines.last ? [] : [bottom]
        guard let old, old.lines.count == frame.lines.count, old.isPage == frame.isPage else {
            return content.filter { !$0.isEmpty } + news
        }
        let oldContent = Array(old.lines.dropLast())
        if frame.isPage {
            // The same page: its new lines but the title's (the photo's load: its end is news);
            // another page (its title changed): all of it.
            guard title(content.first) == title(oldContent.first) else { return content.filter { !$0.isEmpty } + news }
            let seen = Set(oldContent)
            return content.dropFirst().filter { !$0.isEmpty && !seen.contains($0) } + news
        }
        // The list: all of it when none of its photos was on the last one (it came, or a page
        // down), else the focused line when the focus is on another photo.
        let shown = Set(oldContent.filter { !$0.isEmpty }.map(photo))
        let photos = content.filter { !$0.isEmpty }
        if !photos.isEmpty, !photos.contains(where: { shown.contains(photo($0)) }) { return photos + news }
        guard let cursor = frame.cursor, cursor.row < content.count, !content[cursor.row].isEmpty,
            cursor != old.cursor || photo(content[cursor.row]) != photo(oldContent[cursor.row])
        else { return news }
        return [content[cursor.row]] + news
    }

    /// A line's title, up to its first comma: a page's name, or a photo's place and author.
    private static func title(_ line: String?) -> Substring { (line ?? "").prefix { $0 != "," } }

    /// Which photo a list line is: its title without the count (`Photo 4 by Jakub Mede`), which
    /// grows as pages come.
    private static func photo(_ line: String) -> String {
        let title = title(line)
        guard let of = title.firstRange(of: " of "), let by = title[of.upperBound...].firstRange(of: " by ") else {
            return String(title)
        }
        return String(title[..<of.lowerBound] + title[by.lowerBound...])
    }

    public func readInput(timeout: Duration) -> InputEvent? {
        if pending.isEmpty, !isClosed { read(waitingAtMost: timeout) }
        guard !pending.isEmpty else {
            watcher.rearm()
            return nil
        }
        return pending.removeFirst()
    }

    /// Reads what was typed: each character a key, an empty line Enter, the end of input a hang-up.
    private func read(waitingAtMost timeout: Duration) {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, max(0, milliseconds)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
        guard count > 0 else {
            if count == 0 || (errno != EINTR && errno != EAGAIN) { pending.append(.interrupt(.hangup)) }
            return
        }
        pending += keys(from: Array(buffer[0..<count]))
    }

    /// The keys in `bytes` (a character cut at the end waits for the rest).
    func keys(from bytes: [UInt8]) -> [InputEvent] {
        var bytes = partial + bytes
        partial = []
        // Keep an incomplete UTF-8 sequence at the end for the next read.
        var tail = bytes.count - 1
        while tail >= 0, bytes[tail] & 0xC0 == 0x80, bytes.count - tail < 4 { tail -= 1 }
        if tail >= 0, bytes[tail] >= 0xC0 {
            let length = bytes[tail] >= 0xF0 ? 4 : bytes[tail] >= 0xE0 ? 3 : 2
            if bytes.count - tail < length {
                partial = Array(bytes[tail...])
                bytes.removeSubrange(tail...)
            }
        }
        var events: [InputEvent] = []
        for character in String(decoding: bytes, as: UTF8.self) {
            if character.isNewline {
                if atLineStart { events.append(.key(.enter)) }
                atLineStart = true
                continue
            }
            atLineStart = false
            switch character {
            case "\u{1B}": events.append(.key(.escape))
            case "\u{7F}", "\u{08}": events.append(.key(.backspace))
            case " ": events.append(.key(.character(" ")))
            default:
                guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { continue }
                events.append(.key(.character(character)))
            }
        }
        return events
    }

    private func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A terminal at the end of a slow link, on the leader side of ``PtyChild``'s pty: it reads what
/// the program wrote at a fixed rate (a token bucket topped up every tick), so the program's
/// writes back up in the pty as over a slow ssh link; it shows what it read on a
/// ``VirtualScreen``, counts the pictures (``PictureTransmissions``), and answers the program's
/// questions as its ``SlowTTYPersonality`` says, in order and only once it has read them.
///
/// It runs on the calling thread (blocking); ``pump(until:deadline:)`` reads until a condition
/// holds. Every read is stamped with the time it was made: that is when the user would see it.
final class SlowTerminal {
    let rate: Int
    let personality: SlowTTYPersonality
    private let child: PtyChild
    private let tick = Duration.milliseconds(5)
    private let clock = ContinuousClock()
    private var parser = TerminalStreamParser()
    private(set) var screen: VirtualScreen
    private(set) var pictures: PictureTransmissions
    /// Bytes read so far.
    private(set) var delivered = 0
    /// The focused row (1-based) the last shown status bar says, and when it was first shown.
    private(set) var shownRow: (row: Int, at: ContinuousClock.Instant, delivered: Int)?
    /// Every change of the shown row, in order.
    private(set) var rowChanges: [(row: Int, at: ContinuousClock.Instant, delivered: Int)] = []
    /// Reads of the last second (for ``isQuiet(at:)``).
    private var recent: [(at: ContinuousClock.Instant, count: Int)] = []
    private var credit = 0.0
    private var lastTopUp: ContinuousClock.Instant
    /// Unlimited reading (quitting: the link's measures are taken).
    var unlimited = false
    /// Where every byte read is copied (`FEEDBENCH_SLOW_TTY_DUMP`: a file per run, for looking
    /// at what the link carried).
    var dump: FileHandle?
    /// Whether the pty's other side is closed (the program ended).
    private(set) var hungUp = false

    init(child: PtyChild, personality: SlowTTYPersonality, rate: Int, columns: Int, rows: Int, cellPixels: (width: Int, height: Int)) {
        self.child = child
        self.personality = personality
        self.rate = rate
        screen = VirtualScreen(columns: columns, rows: rows)
        pictures = PictureTransmissions(cellPixels: cellPixels)
        lastTopUp = ContinuousClock.now
    }

    /// The bottom line as shown.
    var statusLine: String { screen.line(screen.rows - 1) }

    /// Whether fewer than `threshold` bytes came in the last second.
    func isQuiet(at now: ContinuousClock.Instant, threshold: Int = 2048) -> Bool {
        recent.filter { $0.at > now - .seconds(1) }.reduce(0) { $0 + $1.count } < threshold
    }

    /// Reads, answers and shows, a tick at a time, until `condition` holds (true), or
    /// `deadline` passes or the program ends (false).
    func pump(until condition: (ContinuousClock.Instant) -> Bool, deadline: ContinuousClock.Instant) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var next = clock.now
        while true {
            let now = clock.now
            credit = min(credit + Double(rate) * ((now - lastTopUp) / .seconds(1)), max(1024, Double(rate) / 50))
            lastTopUp = now
            let allowance = unlimited ? buffer.count : min(buffer.count, Int(credit))
            if allowance > 0, !hungUp {
                let count = buffer.withUnsafeMutableBytes { read(child.leader, $0.baseAddress, allowance) }
                if count > 0 {
                    credit -= Double(count)
                    take(buffer[0..<count], at: clock.now)  // when it was read: never before the bytes were there
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    hungUp = true  // EIO: the follower side is closed
                }
            }
            recent.removeAll { $0.at <= now - .seconds(1) }
            if condition(now) { return true }
            if now >= deadline || (hungUp && child.exitStatus() != nil) { return false }
            next += tick
            let wait = clock.now.duration(to: next)
            if wait > .zero {
                usleep(UInt32(wait / .microseconds(1)))
            } else {
                next = clock.now
            }
        }
    }

    /// The program's bytes as the terminal reads them at `now`.
    private func take(_ bytes: ArraySlice<UInt8>, at now: ContinuousClock.Instant) {
        delivered += bytes.count
        dump?.write(Data(bytes))
        recent.append((now, bytes.count))
        var replies: [UInt8] = []
        parser.feed(bytes) { token in
            let wasSynchronizing = screen.synchronizing
            screen.apply(token)
            switch token {
            case .csi(let sequence):
                replies += personality.answer(sequence, cursor: (screen.row, screen.column), rows: screen.rows, columns: screen.columns)
                if wasSynchronizing, !screen.synchronizing { noteStatus(at: now) }
            case .string(let string):
                replies += personality.answer(string)
                let acknowledgement = pictures.observe(string, at: now, screen: &screen)
                if personality.kittyGraphics { replies += acknowledgement }
            default:
                break
            }
        }
        if !screen.synchronizing { noteStatus(at: now) }
        if !replies.isEmpty { child.write(replies) }
    }

    /// The highest row the keys typed so far can reach (1 + the `j`s): a reading above it is a
    /// status bar caught half-rewritten (`row 19/` becoming `row 20/` reads `row 29/` between
    /// its two digits when a read ends there), not a frame.
    var rowCeiling = 1

    /// Reads the status bar's `row N/M` as shown now.
    private func noteStatus(at now: ContinuousClock.Instant) {
        guard let row = Self.focusedRow(in: statusLine), row != shownRow?.row, row <= rowCeiling else { return }
        shownRow = (row, now, delivered)
        rowChanges.append((row, now, delivered))
    }

    /// N in the first `row N/` of `line`.
    static func focusedRow(in line: String) -> Int? {
        guard let range = line.range(of: "row ") else { return nil }
        let digits = line[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, line[range.upperBound...].dropFirst(digits.count).first == "/" else { return nil }
        return Int(digits)
    }

    /// Types `bytes` (keys are not rate-limited: they go the other way).
    func type(_ bytes: String) {
        child.write(Array(bytes.utf8))
    }

    /// The run is over: what is still open counts as aborted.
    func finish(at now: ContinuousClock.Instant) {
        pictures.finish(at: now, unfinished: parser.openString)
    }
}

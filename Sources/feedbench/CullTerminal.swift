import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fast local terminal on the leader side of ``PtyChild``'s pty, for the cull scenario: it
/// reads everything as soon as it is written (poll, no rate), shows it on a ``VirtualScreen``,
/// answers the program's questions as its ``SlowTTYPersonality`` says, and tells after each
/// shown frame (synchronized output's end, or a read outside one) what the screen shows.
///
/// It runs on the calling thread (blocking); ``pump(until:deadline:)`` reads until a condition
/// on the shown screen holds. The time a condition is met is when its bytes were read.
final class CullTerminal {
    let personality: SlowTTYPersonality
    private let child: PtyChild
    private var parser = TerminalStreamParser()
    private(set) var screen: VirtualScreen
    /// Whether the pty's other side is closed (the program ended).
    private(set) var hungUp = false
    /// When the last bytes were read.
    private(set) var lastRead = ContinuousClock.now
    /// Bytes read and the time spent showing them (parsing, applying, answering): how fast
    /// this stand-in for a terminal is.
    private(set) var bytesRead = 0
    private(set) var showing = Duration.zero

    init(child: PtyChild, personality: SlowTTYPersonality, columns: Int, rows: Int) {
        self.child = child
        self.personality = personality
        screen = VirtualScreen(columns: columns, rows: rows)
    }

    /// Reads, answers and shows until `condition` holds on a shown frame (true, with when its
    /// bytes were read), or `deadline` passes or the program ends (false).
    func pump(until condition: (VirtualScreen) -> Bool, deadline: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let now = ContinuousClock.now
            if now >= deadline || hungUp { return nil }
            var descriptor = pollfd(fd: child.leader, events: Int16(POLLIN), revents: 0)
            let wait = max(0, min(50, Int32((now.duration(to: deadline)) / .milliseconds(1))))
            let ready = poll(&descriptor, 1, wait)
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(child.leader, $0.baseAddress, $0.count) }
            if count > 0 {
                let read = ContinuousClock.now
                lastRead = read
                bytesRead += count
                let shown = take(buffer[0..<count])
                showing += read.duration(to: .now)
                if shown, condition(screen) { return read }
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                hungUp = true  // EIO: the follower side is closed
            }
        }
    }

    /// Shows `bytes` and answers them; true when they leave a frame shown (not inside a
    /// synchronized update).
    private func take(_ bytes: ArraySlice<UInt8>) -> Bool {
        var replies: [UInt8] = []
        var ended = false
        parser.feed(bytes) { token in
            let wasSynchronizing = screen.synchronizing
            screen.apply(token)
            switch token {
            case .csi(let sequence):
                replies += personality.answer(sequence, cursor: (screen.row, screen.column), rows: screen.rows, columns: screen.columns)
                if wasSynchronizing, !screen.synchronizing { ended = true }
            case .string(let string):
                replies += personality.answer(string)
            default:
                break
            }
        }
        if !replies.isEmpty { child.write(replies) }
        return ended || !screen.synchronizing
    }

    /// Types `bytes`.
    func type(_ bytes: String) {
        child.write(Array(bytes.utf8))
    }
}

extension VirtualScreen {
    /// Whether a cell holds block art: block elements, sextants or octants drawn in a colour.
    static func isArt(_ cell: Cell) -> Bool {
        guard cell.foreground != -1 else { return false }
        switch cell.scalar.value {
        case 0x2580...0x259F, 0x1FB00...0x1FB3B, 0x1CD00...0x1CDE5: return true
        default: return false
        }
    }

    /// The cells of block art between the first and the last two lines (the title, the status
    /// bar and the keys' line), and a hash of them: a new picture changes it.
    var art: (count: Int, hash: Int) {
        var hasher = Hasher()
        var count = 0
        for index in columns..<max(columns, (rows - 2) * columns) where Self.isArt(cells[index]) {
            count += 1
            hasher.combine(index)
            hasher.combine(cells[index].scalar.value)
            hasher.combine(cells[index].foreground)
        }
        return (count, hasher.finalize())
    }
}

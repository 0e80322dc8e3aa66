#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair for driving a screen headlessly: the screen gets the
/// follower side, the test reads what it drew and types into the leader side.
public final class PseudoTerminal {
    /// The side the test reads and types into.
    public let leader: Int32
    /// The side the screen under test gets as its terminal.
    public let follower: Int32
    private var received: [UInt8] = []
    /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`).
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    /// A pair with a window of `rows` × `columns`; nil when the system has no pseudo-terminal left.
    public init?(rows: Int, columns: Int) {
        // posix_openpt/ptsname are not exported by the Glibc module: use /dev/ptmx and the Linux ioctls.
        let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard leader >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(leader, Self.setLock, &unlock) == 0, ioctl(leader, Self.getNumber, &number) == 0 else {
            close(leader)
            return nil
        }
        let follower = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard follower >= 0 else {
            close(leader)
            return nil
        }
        self.leader = leader
        self.follower = follower
        setSize(rows: rows, columns: columns)
    }

    deinit {
        close(follower)
        close(leader)
    }

    /// Sets the terminal's window size (what `TIOCGWINSZ` reports on the follower side).
    public func setSize(rows: Int, columns: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(leader, UInt(TIOCSWINSZ), &size)
    }

    /// Sends bytes as if typed.
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(leader, $0.baseAddress, $0.count) }
    }

    /// Reads what the screen wrote until `predicate` holds or `timeoutMilliseconds` pass without output.
    public func read(until predicate: (String) -> Bool, timeoutMilliseconds: Int32 = 5_000) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !predicate(text) {
            var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(leader, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return text
    }

    /// Everything the screen wrote so far.
    public var text: String { String(decoding: received, as: UTF8.self) }
}

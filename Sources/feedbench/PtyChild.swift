import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program on a pseudo-terminal of its own, as a terminal emulator runs it: a new session
/// whose controlling terminal is the pty's follower side (its stdin, stdout and stderr), the
/// window size set in cells and pixels. The leader side (``leader``, non-blocking) is the
/// terminal's: what the program writes is read there, keys and answers are written there.
///
/// The pty is opened as `FakeTerminal` in the tests does (`/dev/ptmx`, TIOCSPTLCK, TIOCGPTN:
/// `posix_openpt`/`ptsname` are not exported by the Glibc module).
final class PtyChild {
    let leader: Int32
    let pid: pid_t
    private var reaped: Int32?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable arguments…` with exactly `environment`, in `directory`, on a new pty of
    /// `columns`×`rows` cells of `cellPixels`.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String,
        columns: Int, rows: Int, cellPixels: (width: Int, height: Int)
    ) throws {
        let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        guard leader >= 0 else { throw Failure(description: "could not open a pty (/dev/ptmx: \(String(cString: strerror(errno))))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(leader, 0x4004_5431, &unlock) == 0, ioctl(leader, 0x8004_5430, &number) == 0 else {
            close(leader)
            throw Failure(description: "could not unlock the pty")
        }
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellPixels.width),
            ws_ypixel: UInt16(rows * cellPixels.height))
        _ = ioctl(leader, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // After setsid (POSIX_SPAWN_SETSID runs first), the first terminal opened without
        // O_NOCTTY becomes the session's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGTTOU, SIGTTIN, SIGCHLD] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(0x80 | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))  // 0x80: POSIX_SPAWN_SETSID

        // posix_spawn_file_actions_addchdir_np is not exported by the Glibc module: env(1) changes
        // the directory and execs the program (same process).
        let launcher = "/usr/bin/env"
        let argv = ([launcher, "-C", directory, executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, launcher, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(leader)
            throw Failure(description: "could not start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.leader = leader
        self.pid = pid
    }

    deinit {
        stop(grace: .milliseconds(200))
        close(leader)
    }

    /// Writes all of `bytes` to the terminal's side (keys, answers); false when the pty is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        var spins = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(leader, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN || errno == EINTR, spins < 1000 {
                spins += 1
                usleep(1000)
            } else {
                return false
            }
        }
        return true
    }

    /// The exit status once the child has ended (128 + the signal when one ended it), without waiting.
    func exitStatus() -> Int32? {
        if let reaped { return reaped }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7F
        reaped = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return reaped
    }

    /// Waits up to `grace` for the child to end, then ends its session (SIGTERM, then SIGKILL)
    /// and reaps it. Returns the exit status.
    @discardableResult
    func stop(grace: Duration) -> Int32 {
        let clock = ContinuousClock()
        for (deadline, signal) in [(clock.now + grace, SIGTERM), (clock.now + grace + .seconds(2), SIGKILL)] {
            while exitStatus() == nil, clock.now < deadline { usleep(5000) }
            if let status = exitStatus() { return status }
            kill(-pid, signal)  // its session's process group: the viewer and anything it started
            kill(pid, signal)
        }
        while exitStatus() == nil { usleep(5000) }
        return reaped ?? -1
    }
}

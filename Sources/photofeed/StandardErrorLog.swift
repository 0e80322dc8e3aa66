import FoundationEssentials
import FoundationExtras
import ImageLoading

#if canImport(Glibc)
import Glibc
#endif

/// Where the process's stderr goes while curses owns the terminal.
///
/// Some C libraries print to stderr from inside a decode (libjxl 0.7 its failure trace on a
/// damaged JPEG XL, libde265 "SPS error" on a damaged HEIC); on the viewer's screen those lines
/// would land among the rows, and ncurses would not know to redraw them. While the viewer runs,
/// descriptor 2 is pointed at `viewer-stderr.log` in photofeed's cache folder (truncated at
/// start), and when it ends the terminal gets it back with one line saying how much was
/// written there, if anything. Only a stderr that is a terminal is moved: one the user
/// redirected to a file or a pipe keeps getting everything.
///
/// ```swift
/// let log = StandardErrorLog.begin()
/// defer { if let notice = log?.end() { print(notice) } }   // "… 12 lines in ~/.cache/photofeed/viewer-stderr.log"
/// ```
final class StandardErrorLog {
    /// The log file.
    let path: String
    /// Descriptor 2 as it was (the terminal).
    private var saved: Int32

    private init(path: String, saved: Int32) {
        self.path = path
        self.saved = saved
    }

    /// Moves stderr to the log when stderr is a terminal; nil (stderr unchanged) when it is
    /// not, or when the log cannot be opened.
    static func begin(
        environment: [String: String] = ProcessInfo.processInfo.environment, isTerminal: Bool = isatty(STDERR_FILENO) == 1
    ) -> StandardErrorLog? {
        guard isTerminal else { return nil }
        let directory = DiskCache.defaultDirectory(environment: environment)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(OwnFiles.viewerStandardError.name).path
        // O_NOFOLLOW|O_NONBLOCK: never a symlink's target, never a FIFO's wait.
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { return nil }
        guard dup2(file, STDERR_FILENO) >= 0 else {
            close(saved)
            return nil
        }
        return StandardErrorLog(path: path, saved: saved)
    }

    /// Gives stderr back; a line naming the log and how many lines it holds, nil when nothing
    /// was written. Once.
    func end() -> String? {
        guard saved >= 0 else { return nil }
        dup2(saved, STDERR_FILENO)
        close(saved)
        saved = -1
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            // Nothing was written: no empty log is left behind (OwnFiles.viewerStandardError).
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 { unlink(path) }
            return nil
        }
        let lines = data.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let count = max(1, lines)
        return "photofeed: the image libraries wrote \(count) line\(count == 1 ? "" : "s") to stderr while the viewer ran: \(path)"
    }

    deinit { _ = end() }
}

import FeedSources
import FoundationEssentials
import FoundationExtras

#if canImport(Glibc)
import Glibc
#endif

/// Opens a path or URL with the desktop's program: `xdg-open`, detached from the viewer (its
/// output to /dev/null, so nothing it prints reaches the screen), never waited for.
enum ExternalOpener {
    /// Starts `xdg-open location`; nil when it started, else why not, in words. With
    /// `identity` (the file listed), a path whose name stands for another file now (a folder,
    /// another file, a link: checked without following it) is refused.
    static func open(_ location: String, expecting identity: FileIdentity? = nil) -> String? {
        if let identity {
            var status = stat()
            guard lstat(location, &status) == 0 else { return "cannot open \(location): \(SystemError.reason(errno))" }
            let now = FileIdentity(status)
            guard now == identity else {
                return "not opening \(location): it is not the file listed (it is \(now.type == identity.type ? "another one" : now.kindText) now)"
            }
        }
        guard let program = find("xdg-open") else {
            return "cannot open \(location): xdg-open is not installed (Debian: xdg-utils)"
        }
        do {
            try ChildProcess.start(program, [location])
        } catch {
            return "cannot open \(location): \(ErrorText.describe(error))"
        }
        return nil
    }

    /// The first executable `name` on `PATH`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

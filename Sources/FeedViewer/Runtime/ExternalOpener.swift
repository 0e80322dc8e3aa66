import FeedSources
import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Opens a path or URL with the desktop's program: `xdg-open`, detached from the viewer (its
/// output to /dev/null, so nothing it prints reaches the screen), never waited for.
enum ExternalOpener {
    /// Starts `xdg-open location` (one argument: the path's bytes as they are on disk, or the
    /// URL); nil when it started, else why not, in words. With `identity` (the file listed), a
    /// path whose name stands for another file now (a folder, another file, a link: checked
    /// without following it) is refused.
    static func open(_ location: [UInt8], expecting identity: FileIdentity? = nil) -> String? {
        let shown = FilePath.escapedText(location)
        if let identity {
            guard let status = FilePath(bytes: location).status(followingLinks: false) else {
                return "cannot open \(shown): \(SystemError.reason(errno))"
            }
            let now = FileIdentity(status)
            guard now == identity else {
                return "not opening \(shown): it is not the file listed (it is \(now.type == identity.type ? "another one" : now.kindText) now)"
            }
        }
        guard let program = ChildProcess.find("xdg-open") else {
            return "cannot open \(shown): xdg-open is not installed (Debian: xdg-utils)"
        }
        do {
            try ChildProcess.start(program, byteArguments: [location])
        } catch {
            return "cannot open \(shown): \(ErrorText.describe(error))"
        }
        return nil
    }
}

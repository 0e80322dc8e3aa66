import FoundationEssentials
import FoundationExtras
import SystemPackage

/// Opens a path or URL with the desktop's program: `xdg-open`, detached from the viewer (its
/// output to /dev/null, so nothing it prints reaches the screen), never waited for.
enum ExternalOpener {
    /// Starts `xdg-open location` (one argument: the path's bytes as they are on disk, or the
    /// URL); nil when it started, else why not, in words.
    static func open(_ location: [UInt8]) -> String? {
        let shown = FilePath.escapedText(location)
        guard let program = find("xdg-open") else {
            return "cannot open \(shown): xdg-open is not installed (Debian: xdg-utils)"
        }
        do {
            try ChildProcess.start(program, byteArguments: [location])
        } catch {
            return "cannot open \(shown): \(ErrorText.describe(error))"
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

import FoundationEssentials
import FoundationExtras

/// Opens a path or URL with the desktop's program: `xdg-open`, detached from the viewer (its
/// output to /dev/null, so nothing it prints reaches the screen), never waited for.
enum ExternalOpener {
    /// Starts `xdg-open location`; nil when it started, else why not, in words.
    static func open(_ location: String) -> String? {
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

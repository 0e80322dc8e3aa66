import FoundationEssentials

/// Where the embedded feed's photos are when no `--photos` is given.
///
/// ```swift
/// let photos = DefaultPhotos.directory()   // e.g. /usr/local/share/photofeed/photos
/// ```
enum DefaultPhotos {
    /// Where `make install` puts the photos, relative to the installed binary's directory.
    static let installed = "../share/photofeed/photos"

    /// `../share/photofeed/photos` beside the executable (an installed binary:
    /// `/usr/local/bin/photofeed` serves `/usr/local/share/photofeed/photos`); else
    /// `Assets/photos` beside the package the executable was built in (it lives under
    /// `.build/…`); else the installed path (so an error names it). Never the current
    /// directory's: the same binary serves the same photos wherever it is started (`--photos`
    /// names another folder).
    static func directory() -> URL {
        directory(executable: executable(), exists: { FileManager.default.fileExists(atPath: $0) })
    }

    /// This process's executable: `/proc/self/exe`'s target (argv[0] is a bare name when the
    /// binary was found on `PATH`), else argv[0] with its links resolved.
    static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    /// ``directory()`` for a given executable path.
    static func directory(executable: URL, exists: (String) -> Bool) -> URL {
        var directory = executable.deletingLastPathComponent()
        let installed = directory.appendingPathComponent(installed).standardizedFileURL
        if exists(installed.path) { return installed }
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("Assets/photos")
            if exists(candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return installed
    }
}

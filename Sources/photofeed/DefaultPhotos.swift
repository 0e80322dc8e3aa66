import Foundation

/// Where the embedded feed's photos are when no `--photos` is given.
enum DefaultPhotos {
    /// `Assets/photos` in the current directory, else beside the package the executable was built
    /// in (it lives under `.build/…`), else the current-directory path (so an error names it).
    static func directory() -> URL {
        let relative = "Assets/photos"
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: here.path) { return here }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return here
    }
}

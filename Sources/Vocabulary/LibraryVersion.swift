/// A C library photofeed is linked with: the version its headers declared at build time, and the
/// one loaded now.
///
/// ```swift
/// for library in LibraryVersion.codecLibraries {
///     print(library.line)   // "libpng 1.6.39 (built with 1.6.39)"
/// }
/// ```
public struct LibraryVersion: Sendable, Equatable {
    /// The library's usual name: `libjpeg-turbo`, `zlib`, `ncurses`…
    public var name: String
    /// The version of the headers compiled against.
    public var built: String
    /// What runs now: the version the loaded library reports, or (``runningIsFile``) the name of
    /// the file it was loaded from when it reports none; nil when neither is known.
    public var running: String?
    /// Whether ``running`` names the loaded file rather than a version.
    public var runningIsFile: Bool

    public init(name: String, built: String, running: String?, runningIsFile: Bool = false) {
        self.name = name
        self.built = built
        self.running = running
        self.runningIsFile = runningIsFile
    }

    /// One line for `photofeed --version`: `libpng 1.6.39 (built with 1.6.39)`; for a library
    /// that reports no version, `giflib libgif.so.7.2.0 (built with 5.2.1)`; when nothing is
    /// known of the loaded one, `giflib (built with 5.2.1)`.
    public var line: String {
        guard let running, !running.isEmpty else { return "\(name) (built with \(built))" }
        return "\(name) \(running) (built with \(built))"
    }
}

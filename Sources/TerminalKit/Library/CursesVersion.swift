import CNcurses
public import Vocabulary

/// The ncurses photofeed draws with: the version of its headers at build time and of the library
/// loaded now.
///
/// ```swift
/// print(CursesVersion.library.line)   // "ncurses 6.4.20221231 (built with 6.4.20221231)"
/// ```
public enum CursesVersion {
    /// ncurses as a ``LibraryVersion``: built with `NCURSES_VERSION`.`NCURSES_VERSION_PATCH`,
    /// running what `curses_version()` reports ("ncurses 6.4.20221231", the name dropped).
    public static var library: LibraryVersion {
        let reported = curses_version().map { String(cString: $0) } ?? ""
        let running = reported.hasPrefix("ncurses ") ? String(reported.dropFirst("ncurses ".count)) : reported
        return LibraryVersion(
            name: "ncurses", built: "\(NCURSES_VERSION).\(NCURSES_VERSION_PATCH)",
            running: running.isEmpty ? nil : running)
    }
}

import FoundationEssentials

/// Finds a terminfo entry that speaks 24-bit colour for a terminal known to draw it, when
/// `TERM`'s own entry only says 256 colours (Debian's xterm is `TERM=xterm`, kitty's entry says 256):
/// ncurses sends direct colours only through a `-direct` entry.
///
/// ```swift
/// DirectColorTerminfo.variant(for: "xterm-kitty")   // "kitty-direct", when installed
/// ```
public enum DirectColorTerminfo {
    /// The direct-colour entry to use instead of `term`, or nil when `term` is one already or
    /// none is installed.
    public static func variant(
        for term: String, environment: [String: String]
    ) -> String? {
        guard !term.hasSuffix("-direct"), !term.isEmpty else { return nil }
        let candidates: [String]
        if term.hasPrefix("xterm-kitty") || term == "kitty" {
            candidates = ["kitty-direct", "xterm-direct"]
        } else if term.hasPrefix("foot") {
            candidates = ["foot-direct", "xterm-direct"]
        } else if term.hasPrefix("wezterm") {
            candidates = ["wezterm-direct", "xterm-direct"]
        } else if term.hasPrefix("tmux") {
            candidates = ["tmux-direct"]
        } else if term.hasPrefix("xterm") || term.hasPrefix("vte") || term.hasPrefix("konsole") {
            candidates = ["xterm-direct"]
        } else {
            return nil
        }
        return candidates.first { isInstalled($0, environment: environment) }
    }

    /// Whether a compiled terminfo entry named `name` exists where ncurses looks.
    static func isInstalled(_ name: String, environment: [String: String]) -> Bool {
        guard let first = name.first else { return false }
        var directories: [String] = []
        if let own = environment["TERMINFO"] { directories.append(own) }
        if let home = environment["HOME"] { directories.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] { directories += list.split(separator: ":").map(String.init) }
        directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        let hex = String(first.asciiValue ?? 0, radix: 16)
        return directories.contains { directory in
            FileManager.default.fileExists(atPath: "\(directory)/\(first)/\(name)")
                || FileManager.default.fileExists(atPath: "\(directory)/\(hex)/\(name)")
        }
    }
}

import CNcurses
import FoundationEssentials
import FoundationExtras
import Glibc

/// A terminfo entry photofeed compiles for itself: direct colour, so ncurses draws 24-bit colour
/// in a terminal that draws it even when only Debian's `ncurses-base` is installed (no
/// `xterm-direct`, which lives in `ncurses-term`); or 16 colours, so on an entry of 8 (`linux`,
/// GNU screen's `screen`, `xterm`) the bright eight are drawn with SGR 90–97 and 100–107
/// instead of being lost (ncurses refuses a colour pair above `colors`: black).
///
/// The direct entry is the user's own `TERM` entry with 24-bit `setaf`/`setab` (the `38;2;r;g;b`
/// spelling every direct-colour terminal and tmux accept), `colors#0x1000000` and `RGB`, named
/// `<TERM>-photofeed-direct`; the 16-colour one has `colors#16` and `setaf`/`setab` sending 90–97
/// and 100–107 for colours 8–15, named `<TERM>-photofeed-16color`. Each is compiled once with `tic` (from `ncurses-bin`, which every
/// Debian system has) into `$XDG_CACHE_HOME/photofeed/terminfo`. Nothing outside that directory
/// is written; ``activate(directory:)`` puts it first in `TERMINFO_DIRS` for this process.
///
/// ```swift
/// if let entry = PrivateTerminfo.directColorEntry(for: "xterm", environment: env) {
///     PrivateTerminfo.activate(directory: entry.directory)
///     configuration.terminalType = entry.name      // "xterm-photofeed-direct"
/// }
/// ```
public enum PrivateTerminfo {
    /// A compiled entry: its name and the directory holding it.
    public struct Entry: Hashable, Sendable {
        /// The terminal type to give ncurses.
        public var name: String
        /// The terminfo directory it is compiled in.
        public var directory: String
    }

    /// What an entry changes in `TERM`'s.
    public enum Kind: String, Sendable {
        /// 24-bit colour.
        case direct
        /// 16 colours, the bright eight by SGR 90–97/100–107.
        case sixteenColor = "16color"
    }

    /// The entry's name for `term`, or nil when `term` holds characters a terminfo name can't.
    public static func name(for term: String, kind: Kind = .direct) -> String? {
        let allowed = term.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._+-".unicodeScalars.contains($0)
        }
        guard allowed, !term.isEmpty, term.count <= 64 else { return nil }
        return "\(term)-photofeed-\(kind.rawValue)"
    }

    /// The directory entries are compiled into.
    public static func directory(environment: [String: String]) -> String? {
        let folders = UserFolders(environment: environment)
        guard folders.cacheHome.hasPrefix("/") else { return nil }
        return folders.photofeedCache + "/" + OwnFiles.terminfo.name
    }

    /// The terminfo source of the entry for `term`.
    public static func source(for term: String, name: String, kind: Kind = .direct) -> String {
        if kind == .sixteenColor {
            let setaf = "\\E[%?%p1%{8}%<%t3%p1%d%e9%p1%{8}%-%d%;m"
            let setab = "\\E[%?%p1%{8}%<%t4%p1%d%e10%p1%{8}%-%d%;m"
            return """
                \(name)|\(term) with 16 colours (compiled by photofeed),
                \tcolors#16, pairs#256,
                \tsetaf=\(setaf),
                \tsetab=\(setab),
                \tuse=\(term),

                """
        }
        let setaf = "\\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m"
        let setab = "\\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m"
        return """
            \(name)|\(term) with 24-bit colour (compiled by photofeed),
            \tRGB, colors#0x1000000, pairs#0x10000,
            \tsetaf=\(setaf),
            \tsetab=\(setab),
            \tuse=\(term),

            """
    }

    /// The entry for `term`, compiled now when it is not there yet; nil when `term` has no
    /// entry of its own, `tic` is missing or fails, or there is nowhere to write.
    public static func directColorEntry(for term: String, environment: [String: String]) -> Entry? {
        entry(for: term, kind: .direct, environment: environment)
    }

    /// The entry of `kind` for `term`, as ``directColorEntry(for:environment:)`` says.
    public static func entry(for term: String, kind: Kind, environment: [String: String]) -> Entry? {
        guard let name = name(for: term, kind: kind), let directory = directory(environment: environment) else { return nil }
        let entry = Entry(name: name, directory: directory)
        if isCompiled(entry) { return entry }
        guard Terminfo.colors(of: term) != nil else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let sourcePath = directory + "/.\(name)-\(getpid()).src"
            try Data(source(for: term, name: name, kind: kind).utf8).write(to: URL(fileURLWithPath: sourcePath))
            defer { unlink(sourcePath) }
            let tic = try ChildProcess.run("/usr/bin/env", ["tic", "-x", "-o", directory, sourcePath])
            guard tic.succeeded else { return nil }
        } catch {
            return nil
        }
        return isCompiled(entry) ? entry : nil
    }

    /// Puts `directory` first in `TERMINFO_DIRS` (the system's directories stay after it).
    public static func activate(directory: String) {
        let existing = ProcessInfo.processInfo.environment["TERMINFO_DIRS"]
        if existing?.split(separator: ":").first.map(String.init) == directory { return }
        setenv("TERMINFO_DIRS", directory + ":" + (existing ?? ""), 1)
    }

    private static func isCompiled(_ entry: Entry) -> Bool {
        guard let first = entry.name.unicodeScalars.first else { return false }
        let hex = String(first.value, radix: 16)
        return FileManager.default.fileExists(atPath: "\(entry.directory)/\(Character(first))/\(entry.name)")
            || FileManager.default.fileExists(atPath: "\(entry.directory)/\(hex)/\(entry.name)")
    }
}

/// Questions to the terminfo database, without starting a screen.
public enum Terminfo {
    /// `colors` of `term`'s entry; nil when there is no such entry. 0 when it has no colours.
    public static func colors(of term: String) -> Int? {
        guard !term.isEmpty else { return nil }
        var status: Int32 = 0
        // Whatever terminal ncurses had stays current afterwards.
        let previous = set_curterm(nil)
        guard setupterm(term, 1, &status) == OK, status == 1 else {
            if let loaded = set_curterm(previous) { del_curterm(loaded) }
            return nil
        }
        let colors = tigetnum("colors")
        let rgb = tigetflag("RGB") > 0
        if let loaded = set_curterm(previous) { del_curterm(loaded) }
        if rgb { return 1 << 24 }
        return max(0, Int(colors))
    }
}

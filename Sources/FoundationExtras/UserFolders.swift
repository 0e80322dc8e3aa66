import Glibc

/// The user's folders, one meaning everywhere: the home folder is `$HOME` (as every shell and
/// the XDG Base Directory specification take it), else the password database's; the cache,
/// config and data homes are `$XDG_CACHE_HOME`, `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME` when set to
/// an absolute path (the specification ignores a relative one), else `~/.cache`, `~/.config`,
/// `~/.local/share`; photofeed's own folders are `photofeed` in them.
///
/// Every command, flag and config key that names a path goes through ``expanding(_:)``, so
/// `~/x`, `$HOME/x` and `${XDG_CACHE_HOME}/x` mean the same folder for the viewer, `show`,
/// `cache`, `prefetch` and `serve`.
///
/// ```swift
/// let folders = UserFolders(environment: ["HOME": "/home/me"])
/// folders.photofeedCache                      // "/home/me/.cache/photofeed"
/// folders.expanding("~/Pictures")             // "/home/me/Pictures"
/// folders.expanding("$XDG_CACHE_HOME/x")      // "/home/me/.cache/x"
/// ```
public struct UserFolders: Sendable, Equatable {
    /// The home folder (`$HOME`, else the password database's; `/` when neither says).
    public let home: String
    /// `$XDG_CACHE_HOME`, else `~/.cache`.
    public let cacheHome: String
    /// `$XDG_CONFIG_HOME`, else `~/.config`.
    public let configHome: String
    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    public let dataHome: String

    /// The folders `environment` gives (nil: this process's environment).
    public init(environment: [String: String]? = nil) {
        func variable(_ name: String) -> String? {
            if let environment { return environment[name] }
            return getenv(name).map { String(cString: $0) }
        }
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? Self.databaseHome(getpwuid(getuid())) ?? "/"
        self.home = home
        func base(_ name: String, _ fallback: String) -> String {
            // The specification: a relative path in one of these variables is invalid and ignored.
            if let value = variable(name), value.hasPrefix("/") { return value }
            return PathText.appending(fallback, to: home)
        }
        cacheHome = base("XDG_CACHE_HOME", ".cache")
        configHome = base("XDG_CONFIG_HOME", ".config")
        dataHome = base("XDG_DATA_HOME", ".local/share")
    }

    /// photofeed's cache folder: `$XDG_CACHE_HOME/photofeed`, else `~/.cache/photofeed`.
    public var photofeedCache: String { PathText.appending("photofeed", to: cacheHome) }
    /// photofeed's config folder: `$XDG_CONFIG_HOME/photofeed`, else `~/.config/photofeed`.
    public var photofeedConfig: String { PathText.appending("photofeed", to: configHome) }

    /// `path` with a leading `~`, `~user`, `$HOME`, `${HOME}` or `$XDG_CACHE_HOME`,
    /// `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME` (braced or not) replaced by that folder; anything
    /// else, an unknown user or another variable, unchanged. Only a whole first component is
    /// replaced (`$HOMEWORK/x` stays as it is).
    public func expanding(_ path: String) -> String {
        guard let first = path.first, first == "~" || first == "$" else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let head = path[..<slash]
        let rest = path[slash...]
        let folder: String?
        if first == "~" {
            let user = head.dropFirst()
            folder = user.isEmpty ? home : Self.databaseHome(getpwnam(String(user)))
        } else {
            var name = head.dropFirst()
            if name.hasPrefix("{") {
                guard name.hasSuffix("}") else { return path }
                name = name.dropFirst().dropLast()
            }
            switch name {
            case "HOME": folder = home
            case "XDG_CACHE_HOME": folder = cacheHome
            case "XDG_CONFIG_HOME": folder = configHome
            case "XDG_DATA_HOME": folder = dataHome
            default: folder = nil
            }
        }
        guard let folder else { return path }
        if rest.isEmpty || rest == "/" { return folder }
        var base = folder
        while base.hasSuffix("/") { base.removeLast() }
        return base + rest
    }

    /// `path` with the home folder written `~`, for messages (`/home/me/x` → `~/x`).
    public func abbreviating(_ path: String) -> String {
        guard home != "/", path.hasPrefix(home + "/") else { return path == home && home != "/" ? "~" : path }
        return "~" + path.dropFirst(home.count)
    }

    private static func databaseHome(_ entry: UnsafeMutablePointer<passwd>?) -> String? {
        guard let directory = entry?.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}

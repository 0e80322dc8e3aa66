import Glibc

/// The `NSString` path calls the package used (`expandingHomeInPath`,
/// `deletingLastPathComponent`, `pathExtension`, …) on plain strings: no file-system access,
/// no URL resolution against the current directory.
///
/// ```swift
/// PathText.deletingLastComponent("/photos/a.jpg")   // "/photos"
/// PathText.expandingHome("~/Pictures")               // "/home/me/Pictures"
/// ```
public enum PathText {
    /// `path` with a leading `~`, `~user`, `$HOME` or `$XDG_…_HOME` replaced by that folder, as
    /// ``UserFolders/expanding(_:)`` does (`environment` nil: this process's): the one expansion
    /// every command, flag and config key uses.
    public static func expandingHome(_ path: String, environment: [String: String]? = nil) -> String {
        guard let first = path.first, first == "~" || first == "$" else { return path }
        return UserFolders(environment: environment).expanding(path)
    }

    /// The path without its last component: `/a/b` → `/a`, `/a` → `/`, `a` → `` (trailing slashes
    /// are ignored; `/` stays `/`).
    public static func deletingLastComponent(_ path: String) -> String {
        let trimmed = removingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return removingTrailingSlashes(String(trimmed[..<slash]))
    }

    /// `base/component`, with one slash between them.
    public static func appending(_ component: String, to base: String) -> String {
        if base.isEmpty { return component }
        return (base.hasSuffix("/") ? base : base + "/") + component
    }

    /// The extension of the last component (`a.tar.gz` → `gz`); empty when it has none (a name
    /// that only starts with a dot, such as `.hidden`, has none).
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        let suffix = name[name.index(after: dot)...]
        return suffix.isEmpty ? "" : String(suffix)
    }

    /// The path without the extension of its last component (`a.tar.gz` → `a.tar`).
    public static func deletingPathExtension(_ path: String) -> String {
        let trimmed = removingTrailingSlashes(path)
        let suffix = pathExtension(trimmed)
        guard !suffix.isEmpty else { return trimmed }
        return String(trimmed.dropLast(suffix.count + 1))
    }

    /// The last component (`/a/b.jpg` → `b.jpg`, `/` → `/`).
    public static func lastComponent(_ path: String) -> String {
        let trimmed = removingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    private static func removingTrailingSlashes(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

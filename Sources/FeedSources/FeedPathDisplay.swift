import FoundationEssentials
import FoundationExtras
import SystemPackage

/// Paths as a status bar or a message shows them: the path's bytes as text that names it
/// alone (a byte that is not UTF-8 as `\xFF`, never U+FFFD: ``FilePath/escapedText``), and,
/// for the status bar, the home folder as `~`.
enum FeedPathDisplay {
    static func abbreviated(_ url: URL, home: String = FileManager.default.homeDirectoryForCurrentUser.path) -> String {
        var path = shown(url)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let trimmedHome = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !trimmedHome.isEmpty, trimmedHome != "/" else { return path }
        if path == trimmedHome { return "~" }
        if path.hasPrefix(trimmedHome + "/") { return "~" + path.dropFirst(trimmedHome.count) }
        return path
    }

    /// A file URL's path, standardised, as text (a byte that is not UTF-8 as `\xFF`).
    static func shown(_ url: URL) -> String {
        guard let path = url.localPath else { return url.standardizedFileURL.path }
        return path.lexicallyNormalized().escapedText
    }
}

import FoundationEssentials

/// Paths as a status bar shows them: the home folder as `~`.
enum FeedPathDisplay {
    static func abbreviated(_ url: URL, home: String = FileManager.default.homeDirectoryForCurrentUser.path) -> String {
        var path = url.standardizedFileURL.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let trimmedHome = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !trimmedHome.isEmpty, trimmedHome != "/" else { return path }
        if path == trimmedHome { return "~" }
        if path.hasPrefix(trimmedHome + "/") { return "~" + path.dropFirst(trimmedHome.count) }
        return path
    }
}

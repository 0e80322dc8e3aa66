import FoundationEssentials
import FoundationExtras
public import ImageLoading

/// Turns a `--feed` argument into a source.
///
/// `http://…`/`https://…` → `PicsumFeed` (a `/v2/list` URL names its server); an existing directory → `DirectoryFeed`; an existing
/// file → `URLListFeed`; anything else → `FeedError.invalidArgument`. `~` is expanded.
/// `folderOptions` (order, sub-folders, hidden names) apply to a directory only.
///
/// ```swift
/// let source = try FeedSourceFactory.source(for: "~/Pictures", dataLoader: loader)
/// let sorted = try FeedSourceFactory.source(
///     for: "~/Pictures", dataLoader: loader, folderOptions: FolderOptions(sort: .taken, recursive: 2))
/// ```
public enum FeedSourceFactory {
    public static func source(
        for argument: String,
        dataLoader: any DataLoading,
        pageSize: Int = 30,
        folderOptions: FolderOptions = FolderOptions()
    ) throws -> any FeedSource {
        switch try location(of: argument) {
        case .web(let url): return PicsumFeed(baseURL: url, dataLoader: dataLoader, pageSize: pageSize)
        case .folder(let url): return try DirectoryFeed(directory: url, options: folderOptions)
        case .list(let url): return try URLListFeed(file: url)
        }
    }

    /// Throws the `FeedError` ``source(for:dataLoader:pageSize:folderOptions:)`` throws for
    /// `argument` itself (not a URL, a scheme other than http(s), no such file or folder),
    /// without reading anything: a config file's `feed =` is checked where it is written.
    ///
    /// ```swift
    /// try FeedSourceFactory.check("ftp://host")   // throws: invalid feed: ftp://host: only http and https feeds are supported
    /// ```
    public static func check(_ argument: String) throws(FeedError) {
        _ = try location(of: argument)
    }

    /// What a `--feed` argument names.
    private enum Location {
        case web(URL)
        case folder(URL)
        case list(URL)
    }

    private static func location(of argument: String) throws(FeedError) -> Location {
        let trimmed = argument.trimmingWhitespace(includingNewlines: true)
        guard !trimmed.isEmpty else { throw FeedError.invalidArgument("empty --feed") }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = PicsumFeed.baseURL(fromArgument: trimmed) else {
                throw FeedError.invalidArgument("\(trimmed) is not a valid URL")
            }
            return .web(url)
        }
        if lowered.contains("://") {
            throw FeedError.invalidArgument("\(trimmed): only http and https feeds are supported")
        }
        let path = PathText.expandingHome(trimmed)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FeedError.invalidArgument(
                "\(trimmed) is neither an http(s) URL, a folder of photos, nor a file of URLs")
        }
        let url = URL(fileURLWithPath: path)
        return isDirectory ? .folder(url) : .list(url)
    }
}

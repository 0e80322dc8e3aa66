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
        let trimmed = argument.trimmingWhitespace(includingNewlines: true)
        guard !trimmed.isEmpty else { throw FeedError.invalidArgument("empty --feed") }
        let lowered = trimmed.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            guard let url = PicsumFeed.baseURL(fromArgument: trimmed) else {
                throw FeedError.invalidArgument("\(trimmed) is not a valid URL")
            }
            return PicsumFeed(baseURL: url, dataLoader: dataLoader, pageSize: pageSize)
        }
        if lowered.contains("://") {
            throw FeedError.invalidArgument("\(trimmed): only http and https feeds are supported")
        }
        let path = PathText.expandingTilde(trimmed)
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FeedError.invalidArgument(
                "\(trimmed) is neither an http(s) URL, a folder of photos, nor a file of URLs")
        }
        let url = URL(fileURLWithPath: path)
        if isDirectory { return try DirectoryFeed(directory: url, options: folderOptions) }
        return try URLListFeed(file: url)
    }
}

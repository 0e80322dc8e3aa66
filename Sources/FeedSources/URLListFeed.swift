public import Foundation

/// A text file of image URLs, one a line; `#` comments and blank lines are ignored.
///
/// Lines may be http/https/file URLs or absolute paths (`/…`, `~/…`). Any other line is kept as
/// a photo whose URL is nil, so its row fails at once with "invalid URL" instead of loading forever.
/// Photos are ids by line number ("12"); the author is the URL's file name.
///
/// ```swift
/// let feed = try URLListFeed(file: URL(fileURLWithPath: "urls.txt"))
/// ```
public actor URLListFeed: FeedSource {
    /// The list file.
    public nonisolated let file: URL
    /// Every photo of the list, in order.
    public nonisolated let photos: [FeedPhoto]
    /// Photos per page.
    public nonisolated let pageSize: Int
    private var nextIndex = 0

    /// Reads and parses the list; throws a `FeedError` when it cannot be read or is over `byteLimit`.
    public init(file: URL, pageSize: Int = 100, byteLimit: Int = 8 << 20) throws {
        self.file = file
        self.pageSize = max(1, pageSize)
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            data = try handle.read(upToCount: byteLimit + 1) ?? Data()
        } catch {
            throw FeedError.transport("cannot read \(file.path): \(error.localizedDescription)")
        }
        guard data.count <= byteLimit else { throw FeedError.tooLarge(limit: byteLimit, what: file.path) }
        photos = Self.parse(String(decoding: data, as: UTF8.self))
    }

    public var summary: String { "\(file.lastPathComponent) (\(photos.count))" }
    public var totalCount: Int? { photos.count }
    public var hasMore: Bool { nextIndex < photos.count }

    public func loadNextPage() async throws -> [FeedPhoto] {
        let end = min(photos.count, nextIndex + pageSize)
        defer { nextIndex = end }
        return Array(photos[nextIndex..<end])
    }

    /// The photos of a list's text.
    static func parse(_ text: String) -> [FeedPhoto] {
        var photos: [FeedPhoto] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let url = imageURL(line)
            let name = url.map { $0.lastPathComponent.isEmpty ? ($0.host ?? line) : $0.lastPathComponent } ?? line
            photos.append(FeedPhoto(id: String(index + 1), author: name, size: nil, origin: .original(url)))
        }
        return photos
    }

    /// An http(s) URL with a host, a file URL, or an absolute path; nil for anything else.
    static func imageURL(_ line: String) -> URL? {
        if line.hasPrefix("/") { return URL(fileURLWithPath: line) }
        if line.hasPrefix("~/") { return URL(fileURLWithPath: (line as NSString).expandingTildeInPath) }
        guard let url = URL(string: line), let scheme = url.scheme?.lowercased() else { return nil }
        switch scheme {
        case "http", "https":
            guard let host = url.host, !host.isEmpty else { return nil }
            return url
        case "file":
            return url.path.isEmpty ? nil : url
        default:
            return nil
        }
    }
}

public import FoundationEssentials
import FoundationExtras

/// A text file of image URLs, one a line; `#` comments and blank lines are ignored.
///
/// Lines may be http/https URLs with a host, file URLs, or absolute paths (`/…`, `~/…`).
/// Any other line — a relative path, a `javascript:`, `data:` or `ftp:` URL, text that is not
/// a URL — is skipped and reported in ``skippedLines`` with its line number and the reason,
/// so it never becomes a row that cannot load. A file that is not UTF-8 text (a photo passed
/// by mistake), or that has lines but no usable one, is refused with the reason.
/// Photos are ids by line number ("12"); the author is the URL's file name.
///
/// ```swift
/// let feed = try URLListFeed(file: URL(fileURLWithPath: "urls.txt"))
/// for line in feed.skippedLines { print("urls.txt \(line)") }   // "line 3: javascript: URLs are not images…"
/// ```
public actor URLListFeed: FeedSource {
    /// The list file.
    public nonisolated let file: URL
    /// Every photo of the list, in order.
    public nonisolated let photos: [FeedPhoto]
    /// The lines that are not image locations, in order.
    public nonisolated let skippedLines: [SkippedLine]
    /// Photos per page.
    public nonisolated let pageSize: Int
    private var nextIndex = 0

    /// Reads and parses the list; throws a `FeedError` when it cannot be read, is over
    /// `byteLimit`, or has lines but no usable one.
    public init(file: URL, pageSize: Int = 100, byteLimit: Int = 8 << 20) throws {
        self.file = file
        self.pageSize = max(1, pageSize)
        let data: Data
        do {
            let handle = try ReadableFile(path: file.path)
            defer { handle.close() }
            data = Data(try handle.read(upToCount: byteLimit + 1))
        } catch {
            throw FeedError.transport("cannot read \(file.path): \(ErrorText.describe(error))")
        }
        guard data.count <= byteLimit else { throw FeedError.tooLarge(limit: byteLimit, what: file.path) }
        guard !data.contains(0), let text = String(validating: data, as: UTF8.self) else {
            throw FeedError.invalidArgument("\(file.path) is not a UTF-8 text file of image URLs (one a line)")
        }
        (photos, skippedLines) = Self.parse(text)
        if photos.isEmpty, let first = skippedLines.first {
            throw FeedError.invalidArgument("\(file.path) has no image URL or path on any line (\(first))")
        }
    }

    public var summary: String {
        let skipped = skippedLines.isEmpty ? "" : ", \(skippedLines.count) line\(skippedLines.count == 1 ? "" : "s") skipped"
        return "\(file.lastPathComponent) (\(photos.count)\(skipped))"
    }
    public var totalCount: Int? { photos.count }
    public var hasMore: Bool { nextIndex < photos.count }

    public func loadNextPage() async throws -> [FeedPhoto] {
        let end = min(photos.count, nextIndex + pageSize)
        defer { nextIndex = end }
        return Array(photos[nextIndex..<end])
    }

    /// The photos of a list's text, and the lines skipped.
    static func parse(_ text: String) -> (photos: [FeedPhoto], skipped: [SkippedLine]) {
        var photos: [FeedPhoto] = []
        var skipped: [SkippedLine] = []
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmingWhitespace(includingNewlines: true)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            switch imageURL(line) {
            case .success(let url):
                let name = url.lastPathComponent.isEmpty ? (url.host ?? line) : url.lastPathComponent
                photos.append(FeedPhoto(id: String(index + 1), author: name, size: nil, origin: .original(url)))
            case .failure(let problem):
                skipped.append(SkippedLine(number: index + 1, text: line, reason: problem.reason))
            }
        }
        return (photos, skipped)
    }
}

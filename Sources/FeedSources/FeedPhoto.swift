public import FoundationEssentials
import FoundationExtras
public import ImageLoading
public import SystemPackage
public import Vocabulary

/// One photo of a feed: a stable id, who took it, its size when known, and where to load it from.
///
/// Author text is kept as the source gave it (it may hold control characters): the UI sanitises it.
///
/// ```swift
/// let request = photo.imageRequest(for: PixelSize(width: 64, height: 64), priority: .high)
/// ```
public struct FeedPhoto: Sendable, Hashable, Identifiable {
    /// Stable within the source: picsum's id, a file's name (its ``fileID(_:)``: unique per
    /// file, whatever its bytes), or a URL list's line number.
    public var id: String
    /// The photographer (picsum), or the file name for files (as ``fileID(_:)`` shows it) and URL lists.
    public var author: String
    /// The original size as the source reports it; nil when it does not know.
    public var size: PixelSize?
    /// Where the bytes come from.
    public var origin: Origin
    /// What the source knows of the file (a folder feed's photos): for sorting and the info panel.
    public var file: FileFacts?
    /// Where the photo was published (a picsum feed's `url`), nil when the feed does not say.
    public var page: URL?
    /// The other files of its shot (a RAW beside this JPEG: ``Shot``), nil for a photo of one file.
    public var shot: Shot?

    /// A photo of any origin.
    public init(id: String, author: String, size: PixelSize?, origin: Origin, file: FileFacts? = nil) {
        self.id = id
        self.author = author
        self.size = size
        self.origin = origin
        self.file = file
    }

    /// What a folder feed learns of a file while it checks it (its `stat` and the header it
    /// already reads): nothing here costs a read of its own.
    public struct FileFacts: Sendable, Hashable {
        /// Bytes on disk.
        public var byteCount: Int
        /// Last modification (seconds since 1970).
        public var modified: Double
        /// When it was taken, from the EXIF in the header's bytes ("YYYY:MM:DD HH:MM:SS", as
        /// stored; nil when the header has none). Compares as text in time order.
        public var taken: String?
        /// The fraction of the second it was taken in, as the EXIF stores it: its digits ("045"
        /// is 0.045 s; SubSecTimeOriginal), nil when the header has none. Bursts sort by it.
        public var takenSubseconds: String?
        /// The offset from UTC of ``taken`` ("+02:00"; OffsetTimeOriginal), nil when the header
        /// has none: ``taken`` is then the camera's local time.
        public var takenOffset: String?
        /// The file the name stood for when it was listed (the name itself when it is a link):
        /// an action by the name checks it is still that file.
        public var identity: FileIdentity?
        /// The folder holding the file when it was listed (links followed).
        public var folder: FileIdentity?

        /// Facts.
        public init(
            byteCount: Int, modified: Double, taken: String? = nil, identity: FileIdentity? = nil, folder: FileIdentity? = nil,
            takenSubseconds: String? = nil, takenOffset: String? = nil
        ) {
            self.byteCount = byteCount
            self.modified = modified
            self.taken = taken
            self.takenSubseconds = takenSubseconds
            self.takenOffset = takenOffset
            self.identity = identity
            self.folder = folder
        }
    }

    /// Where a photo's bytes come from, which decides who resizes them.
    public enum Origin: Sendable, Hashable {
        /// A picsum-compatible server that resizes by path: `{base}/id/{id}/{w}/{h}`.
        /// `cacheNamespace` (when set) replaces the base in cache keys, for servers on ephemeral ports.
        case picsum(base: URL, cacheNamespace: String?)
        /// An original image at a URL (http, https or file); nil when the source text was not
        /// a usable URL — loading it fails with `invalidURL`.
        case original(URL?)
        /// A file `name` (its bytes; a path relative to the folder, "2024/trip/a.jpg", with
        /// `--recursive`) in `directory` (a folder feed): one folder URL shared by every photo,
        /// the file's URL made only when it is loaded (its bytes percent-encoded: ``URL/init(fileAt:)``).
        case file(directory: URL, name: FilePath)
    }
}

extension FeedPhoto {
    /// The id (and the shown name) of the file `name` in a folder feed: its bytes as text,
    /// each byte that is not UTF-8 as `\xFF` and a backslash doubled, so two files never share
    /// it (``FilePath/escapedText``).
    public static func fileID(_ name: FilePath) -> String { name.escapedText }

    /// The file's path (its bytes) when its bytes are a file on this machine: a folder feed's
    /// photo, or a `file://` URL; nil otherwise.
    public var filePath: FilePath? {
        switch origin {
        case .file(let directory, let name):
            return directory.localPath?.joined(name)
        case .original(let url): return url?.localPath
        case .picsum: return nil
        }
    }

    /// Whether its bytes are a file on this machine (a folder feed's, or a `file://` URL).
    public var isLocalFile: Bool {
        switch origin {
        case .file: true
        case .original(let url): url?.isFileURL ?? false
        case .picsum: false
        }
    }

    /// The location to load for a thumbnail of `pixelSize` (positive sizes; others are clamped to 1).
    public func location(for pixelSize: PixelSize) -> FeedImageLocation {
        switch origin {
        case .picsum(let base, let namespace):
            let width = max(1, pixelSize.width)
            let height = max(1, pixelSize.height)
            let path = "/id/\(Self.escapedPathComponent(id))/\(width)/\(height)"
            let url = URL(string: Self.trimmedBase(base) + path)
            let imageID = namespace.map { $0 + path }
            return FeedImageLocation(url: url, imageID: imageID, isResizedBySource: true)
        case .original(let url):
            return FeedImageLocation(url: url, imageID: nil, isResizedBySource: false)
        case .file:
            return FeedImageLocation(url: filePath.flatMap { URL(fileAt: $0) }, imageID: nil, isResizedBySource: false)
        }
    }

    /// Whether the source can serve a smaller variant for low-data mode (picsum-style servers
    /// resize by path; files and URL lists have only the original).
    public var hasLowDataVariant: Bool {
        if case .picsum = origin { true } else { false }
    }

    /// The pixel size of the low-data variant of a `pixelSize` thumbnail: a quarter of the area
    /// (half the width and height), at least 8 px a side, never larger than `pixelSize`.
    public static func lowDataSize(for pixelSize: PixelSize) -> PixelSize {
        func half(_ side: Int) -> Int {
            let side = max(1, side)
            return min(side, max(8, side / 2))
        }
        return PixelSize(width: half(pixelSize.width), height: half(pixelSize.height))
    }

    /// An `ImageRequest` for a thumbnail of `pixelSize`.
    ///
    /// Originals get a `.resize(to: pixelSize, mode: .fill)` processor so the pipeline resizes them
    /// locally; picsum URLs arrive at that size already and get none. Add your own processors after.
    /// Picsum requests also carry a `lowDataURL`: the same photo at ``lowDataSize(for:)``, which
    /// the server resizes; originals have none (low-data mode loads them as usual).
    public func imageRequest(
        for pixelSize: PixelSize,
        priority: ImageRequest.Priority = .normal,
        cachePolicy: ImageRequest.CachePolicy = .persistent
    ) -> ImageRequest {
        let location = location(for: pixelSize)
        let processors: [ImageProcessor] =
            location.isResizedBySource ? [] : [.resize(to: pixelSize, mode: .fill)]
        var request = ImageRequest(
            url: location.url, processors: processors, priority: priority, cachePolicy: cachePolicy,
            imageID: location.imageID)
        if hasLowDataVariant {
            request.lowDataURL = self.location(for: Self.lowDataSize(for: pixelSize)).url
        }
        return request
    }

    static func trimmedBase(_ base: URL) -> String {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Percent-escapes an id for one path segment: a hostile id ("../x", "a/b?c", "..") stays one
    /// segment of its own.
    static func escapedPathComponent(_ text: String) -> String {
        // "." and ".." are dot-segments, which clients and servers remove with the segment before
        // them (RFC 3986 §5.2.4): `/id/../400/300` would ask for `/400/300`. Escaped they are data.
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.count) }
        // Foundation's urlPathAllowed less "/?#;%": unreserved, sub-delimiters but ";", ":" and "@".
        return PercentEncoding.encode(text, keeping: PercentEncoding.unreserved(plus: "!$&'()*+,=:@"))
    }
}

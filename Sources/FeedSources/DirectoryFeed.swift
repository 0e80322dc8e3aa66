public import Foundation
import ImageCodecs

/// The photos in a folder, sorted by name; sizes read from each file's header one page at a time.
///
/// Creating the feed only checks that the folder is one; no file in it is touched until the
/// first page is asked for (so a viewer draws its first frame before the folder is read, however
/// large or slow it is). The first page lists the folder and keeps the regular files whose first
/// bytes are a JPEG or PNG signature (other files, folders, FIFOs, sockets and devices are
/// skipped; nothing is opened in a way that could block). Each page then probes its files'
/// headers (`ImageDecoder.probe`, no pixels decoded); a file whose header cannot be read keeps
/// an unknown size and fails when loaded, with the decoder's reason.
///
/// ```swift
/// let feed = try DirectoryFeed(directory: URL(fileURLWithPath: "Assets/photos"))
/// let page = try await feed.loadNextPage()   // FeedPhoto(id: "astronaut.jpg", size: 512×512, …)
/// ```
public actor DirectoryFeed: FeedSource {
    /// The folder.
    public nonisolated let directory: URL
    /// Photos per page.
    public nonisolated let pageSize: Int
    /// The image files, sorted by name (nil until the first page lists the folder).
    private var listed: [URL]?
    private var nextIndex = 0

    /// A feed of `directory`; throws a `FeedError` when it is not a folder. Nothing in it is read yet.
    public init(directory: URL, pageSize: Int = 50) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FeedError.transport("cannot list \(directory.path): no such folder")
        }
        self.directory = directory
        self.pageSize = max(1, pageSize)
    }

    public var summary: String {
        let name = FeedPathDisplay.abbreviated(directory)
        guard let files = listed else { return name }
        return "\(name) (\(files.count) photo\(files.count == 1 ? "" : "s"))"
    }
    public var totalCount: Int? { listed?.count }
    public var hasMore: Bool { listed.map { nextIndex < $0.count } ?? true }

    /// The image files, sorted by name (listing the folder the first time).
    public func files() throws -> [URL] {
        if let listed { return listed }
        let files = try Self.imageFiles(in: directory)
        listed = files
        return files
    }

    public func loadNextPage() async throws -> [FeedPhoto] {
        let files = try files()
        let end = min(files.count, nextIndex + pageSize)
        let page = files[nextIndex..<end]
        nextIndex = end
        return page.map { file in
            FeedPhoto(
                id: file.lastPathComponent, author: file.lastPathComponent,
                size: Self.probeSize(of: file), origin: .original(file))
        }
    }

    /// The regular, non-hidden files of `directory` whose first bytes are a JPEG or PNG
    /// signature, sorted by name (naturally: `b2` before `b10`); never blocks on a FIFO.
    public static func imageFiles(in directory: URL) throws -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw FeedError.transport("cannot list \(directory.path): \(error.localizedDescription)")
        }
        return
            names
            .filter { !$0.hasPrefix(".") }
            .sorted { $0.compare($1, options: [.numeric, .caseInsensitive]) == .orderedAscending }
            .map { directory.appendingPathComponent($0) }
            .filter { FileSignature.isImage(headOf: $0) }
    }

    /// The upright size from the header: 64 KiB first, up to 1 MiB when the metadata is long.
    static func probeSize(of file: URL) -> PixelSize? {
        for limit in [64 << 10, 1 << 20] {
            guard let bytes = FileSignature.head(of: file, count: limit) else { return nil }
            do {
                return try ImageDecoder.probe(bytes).size
            } catch let error as ImageCodecError where error.kind == .truncated && bytes.count == limit {
                continue
            } catch {
                return nil
            }
        }
        return nil
    }
}

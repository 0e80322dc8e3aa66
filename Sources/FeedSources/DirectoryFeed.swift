public import Foundation
import ImageCodecs

/// The photos in a folder, sorted by name; sizes read from each file's header one page at a time.
///
/// Opening lists the folder and keeps the regular files whose first bytes are a JPEG or PNG
/// signature (other files, folders, FIFOs, sockets and devices are skipped; nothing is opened
/// in a way that could block). Each page then probes its files' headers (`ImageDecoder.probe`,
/// no pixels decoded); a file whose header cannot be read keeps an unknown size and fails when
/// loaded, with the decoder's reason.
///
/// ```swift
/// let feed = try DirectoryFeed(directory: URL(fileURLWithPath: "Assets/photos"))
/// let page = try await feed.loadNextPage()   // FeedPhoto(id: "astronaut.jpg", size: 512×512, …)
/// ```
public actor DirectoryFeed: FeedSource {
    /// The folder.
    public nonisolated let directory: URL
    /// The image files found, sorted by name.
    public nonisolated let files: [URL]
    /// Photos per page.
    public nonisolated let pageSize: Int
    private var nextIndex = 0

    /// Lists `directory`; throws a `FeedError` when it cannot be read.
    public init(directory: URL, pageSize: Int = 50) throws {
        self.directory = directory
        self.pageSize = max(1, pageSize)
        files = try Self.imageFiles(in: directory)
    }

    public var summary: String {
        "\(FeedPathDisplay.abbreviated(directory)) (\(files.count) photo\(files.count == 1 ? "" : "s"))"
    }
    public var totalCount: Int? { files.count }
    public var hasMore: Bool { nextIndex < files.count }

    public func loadNextPage() async throws -> [FeedPhoto] {
        let end = min(files.count, nextIndex + pageSize)
        let page = files[nextIndex..<end]
        nextIndex = end
        return page.map { file in
            FeedPhoto(
                id: file.lastPathComponent, author: file.lastPathComponent,
                size: Self.probeSize(of: file), origin: .original(file))
        }
    }

    static func imageFiles(in directory: URL) throws -> [URL] {
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

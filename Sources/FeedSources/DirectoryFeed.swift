public import Foundation
import ImageCodecs
import ImageLoading

/// The photos in a folder, in natural name order, listed lazily: the names first (a batch at a
/// time, with a provisional first page after each), the files one page at a time.
///
/// Creating the feed only checks that the folder is one; nothing in it is read until the first
/// page is asked for (so a viewer draws its first frame before the folder is read). The first
/// page reads the folder's names with `readdir` alone (``DirectoryListing``: no file opened or
/// `stat`ed; about 8 bytes a name beyond its bytes) into a heap that hands them out in natural
/// order as pages take them (the whole sort is never paid up front). ``nextStep()`` reads the
/// names ``listingBatch`` at a time and, until the folder is read, answers with the photos
/// that come first among the names read so far, so a viewer's first screen never waits for
/// the whole folder; ``loadNextPage()`` reads what is left first. Each page then
/// checks only its own files: a regular file whose first bytes are an image signature (JPEG, PNG,
/// WebP, GIF, AVIF, HEIF, JPEG XL, TIFF: `ImageFormat.sniff`) is
/// a photo, with its size from the header (`ImageDecoder.probe`, no pixels decoded; unknown
/// when the header cannot be read, and it fails when loaded with the decoder's reason); other
/// files are skipped; a FIFO, socket or device is listed as a photo that fails at once ("not a
/// regular file (a FIFO)": an error row, never opened). So the first screen costs the names
/// and one page of files, whatever the folder's size, and the rest arrives page by page.
///
/// ```swift
/// let feed = try DirectoryFeed(directory: URL(fileURLWithPath: "Assets/photos"))
/// let page = try await feed.loadNextPage()   // FeedPhoto(id: "astronaut.jpg", size: 512×512, …)
/// ```
public actor DirectoryFeed: FeedSource {
    /// The folder.
    public nonisolated let directory: URL
    /// Photos in the first page; each later page doubles, up to ``maxPageSize`` (the first
    /// screen waits for one small page, a long scroll to the end for few large ones).
    public nonisolated let pageSize: Int
    /// Photos per page at most.
    public nonisolated let maxPageSize: Int
    /// Names read per listing step (a step takes ~20–40 ms on a warm folder).
    public nonisolated let listingBatch: Int
    /// The folder's names, as a heap in natural order (nil until the first step opens the folder).
    private var listing: DirectoryListing?
    /// The folder while it is being read (nil before the first step, and once read).
    private var reader: DirectoryReader?
    /// Whether every name has been read.
    private var listed = false
    /// Names checked by pages so far.
    private var nextIndex = 0
    /// Photos (and special files) the pages have given so far.
    private var given = 0
    /// Pages given so far.
    private var pages = 0

    /// A feed of `directory`; throws a `FeedError` when it is not a folder. Nothing in it is read yet.
    public init(directory: URL, pageSize: Int = 50, maxPageSize: Int = 1_000, listingBatch: Int = 1 << 16) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FeedError.transport("cannot list \(directory.path): no such folder")
        }
        self.directory = directory
        self.pageSize = max(1, pageSize)
        self.maxPageSize = max(self.pageSize, maxPageSize)
        self.listingBatch = max(1, listingBatch)
    }

    /// The folder, then "(N photos)" once every page is in, or "(N files)" (the names listed) before.
    public var summary: String {
        let name = FeedPathDisplay.abbreviated(directory)
        guard let listing, listed else { return name }
        if nextIndex >= listing.count { return "\(name) (\(given) photo\(given == 1 ? "" : "s"))" }
        return "\(name) (\(listing.count) file\(listing.count == 1 ? "" : "s"))"
    }

    /// The number of photos, once every page has been checked (nil before).
    public var totalCount: Int? {
        guard let listing, listed, nextIndex >= listing.count else { return nil }
        return given
    }

    public var hasMore: Bool {
        guard listed, let listing else { return true }
        return nextIndex < listing.count
    }

    /// One batch of names while the folder is being read (with the photos first among them so
    /// far), then pages.
    public func nextStep() async throws -> FeedStep {
        if !listed, try !readNames(atMost: listingBatch) {
            return .listing(FeedListingProgress(photos: provisionalPage(), filesSoFar: listing?.count ?? 0))
        }
        return .page(try await loadNextPage())
    }

    public func loadNextPage() async throws -> [FeedPhoto] {
        while !listed, try !readNames(atMost: listingBatch) {}
        var photos: [FeedPhoto] = []
        let size = min(maxPageSize, pageSize << min(pages, 20))
        pages += 1
        while photos.count < size, let name = listing?.next() {
            nextIndex += 1
            if let photo = Self.photo(named: name, in: directory) { photos.append(photo) }
        }
        given += photos.count
        return photos
    }

    /// The image files of `directory` in natural name order, every file checked (special files
    /// left out); never blocks on a FIFO.
    public static func imageFiles(in directory: URL) throws -> [URL] {
        var listing = try listing(of: directory)
        var files: [URL] = []
        while let name = listing.next() {
            let file = directory.appendingPathComponent(name)
            if let head = FileSignature.head(of: file.path, count: FileSignature.headCount), FileSignature.isImage(head) { files.append(file) }
        }
        return files
    }

    // MARK: Private

    private static func listing(of directory: URL) throws -> DirectoryListing {
        do {
            return try DirectoryListing(path: directory.path)
        } catch {
            throw FeedError.transport("cannot list \(directory.path): \(error)")
        }
    }

    /// Reads up to `limit` more names; true once the folder is read.
    private func readNames(atMost limit: Int) throws -> Bool {
        do {
            if reader == nil, listing == nil {
                reader = try DirectoryReader(path: directory.path)
                listing = DirectoryListing()
            }
            guard let reader, var names = listing else { return true }
            listing = nil  // one owner while it grows (no copy)
            defer { listing = names }
            if try reader.read(into: &names, atMost: limit) {
                self.reader = nil
                listed = true
            }
            return listed
        } catch {
            reader = nil
            listing = nil
            throw FeedError.transport("cannot list \(directory.path): \(error)")
        }
    }

    /// The first page as the names read so far would give it: the first photos among the first
    /// names (twice the page's count of names are checked at most).
    private func provisionalPage() -> [FeedPhoto] {
        guard let listing else { return [] }
        var photos: [FeedPhoto] = []
        for name in listing.first(2 * pageSize) where photos.count < pageSize {
            if let photo = Self.photo(named: name, in: directory) { photos.append(photo) }
        }
        return photos
    }

    /// The photo `name` in `directory`: a JPEG or PNG (by its first bytes) with its header's
    /// size, or a special file (to fail as an error row); nil for anything else.
    static func photo(named name: String, in directory: URL) -> FeedPhoto? {
        let path = directory.appendingPathComponent(name).path
        guard let kind = FileKind(path: path), !kind.isDirectory else { return nil }
        let origin = FeedPhoto.Origin.file(directory: directory, name: name)
        if kind.isSpecial { return FeedPhoto(id: name, author: name, size: nil, origin: origin) }
        // One read serves the signature and, mostly, the header.
        guard let head = FileSignature.head(of: path, count: 64 << 10), FileSignature.isImage(head) else { return nil }
        return FeedPhoto(id: name, author: name, size: probeSize(head, path: path), origin: origin)
    }

    /// The upright size from the header in `head` (the file's first 64 KiB), or from its first
    /// MiB when the metadata is longer; nil when the header cannot be read.
    static func probeSize(_ head: [UInt8], path: String) -> PixelSize? {
        do {
            return try ImageDecoder.probe(head).size
        } catch let error as ImageCodecError where error.kind == .truncated && head.count == 64 << 10 {
            guard let longer = FileSignature.head(of: path, count: 1 << 20) else { return nil }
            return try? ImageDecoder.probe(longer).size
        } catch {
            return nil
        }
    }
}

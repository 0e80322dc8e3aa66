public import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The photos in a folder (and, with ``FolderOptions/recursive``, its sub-folders), listed
/// lazily: the names first (a batch at a time, with a provisional first page after each), the
/// files one page at a time.
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
/// WebP, GIF, AVIF, HEIF, JPEG XL, TIFF, BMP: `ImageFormat.sniff`) is
/// a photo, with its size from the header (`ImageDecoder.probe`, no pixels decoded; unknown
/// when the header cannot be read, and it fails when loaded with the decoder's reason) and its
/// ``FeedPhoto/FileFacts`` (bytes and modification time from the `stat`, the EXIF date taken
/// from the same first 64 KiB); other files are skipped; a FIFO, socket or device is listed as a
/// photo that fails at once ("not a regular file (a FIFO)": an error row, never opened). So the
/// first screen costs the names and one page of files, whatever the folder's size, and the rest
/// arrives page by page.
///
/// A camera's RAW file and the JPEG or HEIF of the same name beside it are one photo, a shot
/// (``FeedPhoto/Shot``), shown from the JPEG or HEIF, unless ``FolderOptions/separatesPairs``:
/// a page takes a shot's names together (they sort next to each other), so pairing reads
/// nothing more (`DirectoryFeed+Shots.swift`).
///
/// Hidden names (a leading dot) are left out unless ``FolderOptions/hidden``. With
/// ``FolderOptions/recursive`` the names are paths relative to the folder ("2024/trip/a.jpg":
/// the photo's id, and its ``FeedPhoto/Origin/file(directory:name:)`` name), read by a
/// ``FolderWalk`` within the depth bound, each sub-folder once (a symbolic-link loop ends; an
/// unreadable sub-folder is skipped), never out of the folder (a link to it, above it or
/// elsewhere is not followed) nor onto another file system unless
/// ``FolderOptions/crossFilesystems``; what it skipped is said in ``summary``
/// ("skipped 2 links out of the folder", "skipped 1 folder that cannot be read (private:
/// permission denied)"). Natural order keeps a folder's photos together.
/// Names are the bytes `readdir` gave, whatever they are (``FeedPhoto/fileID(_:)``).
///
/// Any ``FolderOptions/sort`` but `.name` costs more, and the first real page waits for it: the
/// order needs every file's key, so once the names are read every file is checked (a `stat`,
/// a 64 KiB read and a header probe each; from a cold disk or a network share that is one read
/// per file, minutes for hundreds of thousands; `scripts/large-folder-bench.sh` times a large
/// folder), ``checkBatch`` files per ``nextStep()`` (512), each step a
/// `.listing` with the best first page among the files checked so far; then every photo is
/// held (some 200 bytes each) and sorted once with ``PhotoSort/precedes(_:_:seed:)``, and pages
/// are served from that array.
///
/// ```swift
/// let feed = try DirectoryFeed(directory: URL(fileURLWithPath: "Assets/photos"))
/// let page = try await feed.loadNextPage()   // FeedPhoto(id: "astronaut.jpg", size: 512×512, …)
/// let newest = try DirectoryFeed(directory: url, options: FolderOptions(sort: .taken, recursive: 3))
/// ```
public actor DirectoryFeed: FeedSource {
    /// The folder.
    public nonisolated let directory: URL
    /// The order, depth and hidden names.
    public nonisolated let options: FolderOptions
    /// Photos in the first page; each later page doubles, up to ``maxPageSize`` (the first
    /// screen waits for one small page, a long scroll to the end for few large ones).
    public nonisolated let pageSize: Int
    /// Photos per page at most.
    public nonisolated let maxPageSize: Int
    /// Names read per listing step (a short step on a warm folder: `scripts/large-folder-bench.sh`).
    public nonisolated let listingBatch: Int
    /// Files checked per step before the first page, for a sort other than `.name`.
    public nonisolated let checkBatch: Int
    /// The folder's names, as a heap in natural order (nil until the first step opens the folder).
    var listing: DirectoryListing?
    /// The folder while it is being read (nil before the first step, and once read).
    private var walk: FolderWalk?
    /// Whether every name has been read.
    var listed = false
    /// What the walk left out (links out of the folder, other file systems), once it is done.
    var skipped = FolderWalk.Skipped()
    /// Names checked by pages so far (for a sort other than `.name`: photos given from `sorted`).
    var nextIndex = 0
    /// Photos (and special files) the pages have given so far.
    var given = 0
    /// Pages given so far.
    var pages = 0
    /// A sort other than `.name`: every photo checked so far, sorted once all are.
    var checked: [FeedPhoto] = []
    /// A sort other than `.name`: the best first page among the photos checked so far.
    var best: [FeedPhoto] = []
    /// A sort other than `.name`: every file is checked and `checked` is in order.
    var ordered = false
    /// A sort other than `.name`: files (names) checked so far.
    var filesChecked = 0

    /// A feed of `directory`; throws a `FeedError` when it is not a folder. Nothing in it is read yet.
    public init(
        directory: URL, options: FolderOptions = FolderOptions(), pageSize: Int = 50, maxPageSize: Int = 1_000,
        listingBatch: Int = 1 << 16, checkBatch: Int = 512
    ) throws {
        guard let status = (directory.localPath ?? FilePath(directory.path)).status(), status.st_mode & S_IFMT == S_IFDIR else {
            throw FeedError.transport("cannot list \(FeedPathDisplay.shown(directory)): no such folder")
        }
        self.directory = directory
        self.options = options
        self.pageSize = max(1, pageSize)
        self.maxPageSize = max(self.pageSize, maxPageSize)
        self.listingBatch = max(1, listingBatch)
        self.checkBatch = max(1, checkBatch)
    }

    /// The folder, then "(N photos)" once every page is in (every file checked, for a sort
    /// other than `.name`), or "(N files)" (the names listed) before.
    public var summary: String {
        let name = FeedPathDisplay.abbreviated(directory)
        guard let listing, listed else { return name }
        var notes: [String] = []
        if let total = totalCount {
            notes.append("\(total) photo\(total == 1 ? "" : "s")")
        } else {
            notes.append("\(listing.count) file\(listing.count == 1 ? "" : "s")")
        }
        notes += Self.notes(skipped)
        return "\(name) (\(notes.joined(separator: "; ")))"
    }

    /// What a walk skipped, in words ("skipped 2 links out of the folder").
    static func notes(_ skipped: FolderWalk.Skipped) -> [String] {
        var notes: [String] = []
        if skipped.linksOutOfFolder > 0 {
            let count = skipped.linksOutOfFolder
            notes.append("skipped \(count) link\(count == 1 ? "" : "s") out of the folder")
        }
        if skipped.otherFilesystems > 0 {
            let count = skipped.otherFilesystems
            notes.append(
                "skipped \(count) folder\(count == 1 ? "" : "s") on another file system (--cross-filesystems walks \(count == 1 ? "it" : "them"))")
        }
        if skipped.unreadableFolders > 0 {
            let count = skipped.unreadableFolders
            let first = skipped.firstUnreadable.map { count == 1 ? " (\($0))" : " (the first: \($0))" } ?? ""
            notes.append("skipped \(count) folder\(count == 1 ? "" : "s") that cannot be read\(first)")
        }
        return notes
    }

    /// The number of photos, once every page has been checked (nil before); for a sort other
    /// than `.name`, once every file has been.
    public var totalCount: Int? {
        guard let listing, listed else { return nil }
        if isSorted { return ordered ? checked.count : nil }
        return nextIndex >= listing.count ? given : nil
    }

    public var hasMore: Bool {
        guard listed, let listing else { return true }
        if isSorted { return !ordered || nextIndex < checked.count }
        return nextIndex < listing.count
    }

    /// One batch of names while the folder is being read (with the photos first among them so
    /// far), then, for a sort other than `.name`, one batch of files checked (with the best
    /// first page so far), then pages.
    public func nextStep() async throws -> FeedStep {
        if !listed, try !readNames(atMost: listingBatch) {
            var photos = provisionalPage()
            if isSorted { photos.sort(by: precedes) }
            return .listing(FeedListingProgress(photos: photos, filesSoFar: listing?.count ?? 0))
        }
        if isSorted, !ordered, !checkFiles(atMost: checkBatch) {
            return .listing(FeedListingProgress(photos: best, filesSoFar: listing?.count ?? 0, filesChecked: filesChecked))
        }
        return .page(try await loadNextPage())
    }

    public func loadNextPage() async throws -> [FeedPhoto] {
        while !listed, try !readNames(atMost: listingBatch) {}
        if isSorted { return sortedPage() }
        var photos: [FeedPhoto] = []
        let size = nextPageSize()
        while photos.count < size, let run = takeShotNames() {
            nextIndex += run.count
            photos += self.photos(ofRun: run)
        }
        given += photos.count
        return photos
    }

    /// The size of the next page (counting it as given).
    func nextPageSize() -> Int {
        defer { pages += 1 }
        return min(maxPageSize, pageSize << min(pages, 20))
    }

    /// The image files of `directory` in natural name order, every file checked (special files
    /// left out); never blocks on a FIFO.
    public static func imageFiles(in directory: URL) throws -> [URL] {
        var listing = try listing(of: directory)
        guard let folder = directory.localPath else { return [] }
        var files: [URL] = []
        while let name = listing.next() {
            let path = folder.joined(name)
            if let head = FileSignature.head(of: path, count: FileSignature.headCount), FileSignature.isImage(head),
                let file = URL(fileAt: path)
            {
                files.append(file)
            }
        }
        return files
    }

    // MARK: Private

    private static func listing(of directory: URL) throws -> DirectoryListing {
        do {
            return try DirectoryListing(path: directory.localPath ?? FilePath(directory.path))
        } catch {
            throw FeedError.transport("cannot list \(FeedPathDisplay.shown(directory)): \(error)")
        }
    }

    /// Reads up to `limit` more names; true once the folder is read.
    private func readNames(atMost limit: Int) throws -> Bool {
        do {
            if walk == nil, listing == nil {
                walk = FolderWalk(
                    root: directory.localPath ?? FilePath(directory.path), maxDepth: options.maxDepth, hidden: options.hidden,
                    crossFilesystems: options.crossFilesystems)
                listing = DirectoryListing()
            }
            guard let walk, var names = listing else { return true }
            listing = nil  // one owner while it grows (no copy)
            defer { listing = names }
            if try walk.read(into: &names, atMost: limit) {
                skipped = walk.skipped
                self.walk = nil
                listed = true
            }
            return listed
        } catch {
            walk = nil
            listing = nil
            throw FeedError.transport("cannot list \(FeedPathDisplay.shown(directory)): \(error)")
        }
    }

    /// The first page as the names read so far would give it: the first photos among the first
    /// names (twice the page's count of names are checked at most).
    private func provisionalPage() -> [FeedPhoto] {
        guard let listing else { return [] }
        var photos: [FeedPhoto] = []
        for run in shotRuns(listing.first(2 * pageSize)) where photos.count < pageSize {
            photos += self.photos(ofRun: run)
        }
        return photos
    }
}

import FoundationEssentials
import FoundationExtras
import ImageCodecs
import ImageLoading

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checking one file of a folder feed: one `stat` (kind, bytes, modification time) and one read
/// of its first 64 KiB (signature, header size, EXIF date taken).
///
/// ```swift
/// let photo = DirectoryFeed.photo(named: "2024/a.jpg", in: root)   // id "2024/a.jpg", file: FileFacts(…)
/// ```
extension DirectoryFeed {
    /// The photo `name` (a path relative to `directory`) in `directory`: an image (by its first
    /// bytes) with its header's size and its file facts, or a special file (to fail as an error
    /// row; with no facts, so it sorts last); nil for anything else (a folder, a file that is
    /// no image, one that is gone).
    static func photo(named name: String, in directory: URL) -> FeedPhoto? {
        let path = directory.appendingPathComponent(name).path
        var status = stat()
        // The name's own identity (a link's, not its target's) is what an action checks later.
        guard lstat(path, &status) == 0 else { return nil }
        let identity = FileIdentity(status)
        if identity.isSymbolicLink { guard stat(path, &status) == 0 else { return nil } }
        let kind = FileKind(mode: UInt32(status.st_mode))
        guard !kind.isDirectory else { return nil }
        let origin = FeedPhoto.Origin.file(directory: directory, name: name)
        // A special file is an error row, not a photo: no facts, so every order but `.name` puts it last.
        if kind.isSpecial { return FeedPhoto(id: name, author: name, size: nil, origin: origin) }
        var facts = FeedPhoto.FileFacts(
            byteCount: Int(status.st_size), modified: modificationSeconds(status), identity: identity,
            folder: folderIdentity(of: PathText.deletingLastComponent(path)))
        // One read serves the signature, the header and, mostly, the EXIF.
        guard let head = FileSignature.head(of: path, count: 64 << 10), FileSignature.isImage(head) else { return nil }
        let metadata = metadata(head, path: path)
        facts.taken = metadata?.exif?.dateTaken
        return FeedPhoto(id: name, author: name, size: metadata?.header.size, origin: origin, file: facts)
    }

    /// The header and EXIF in `head` (the file's first 64 KiB), or in its first MiB when the
    /// metadata is longer; nil when the header cannot be read.
    static func metadata(_ head: [UInt8], path: String) -> PhotoMetadata? {
        do {
            return try PhotoMetadata.read(head)
        } catch let error as ImageCodecError where error.kind == .truncated && head.count == 64 << 10 {
            guard let longer = FileSignature.head(of: path, count: 1 << 20) else { return nil }
            return try? PhotoMetadata.read(longer)
        } catch {
            return nil
        }
    }

    /// The identity of the folder at `path` (links followed), nil when it cannot be read.
    private static func folderIdentity(of path: String) -> FileIdentity? {
        var status = stat()
        return stat(path, &status) == 0 ? FileIdentity(status) : nil
    }

    private static func modificationSeconds(_ status: stat) -> Double {
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}

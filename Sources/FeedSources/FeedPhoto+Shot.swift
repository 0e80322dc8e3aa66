public import SystemPackage

/// A **shot**: the files one exposure left in one folder under one name with different
/// extensions — a camera's RAW file and the JPEG (or HEIF) it wrote beside it (`IMG_0042.CR2`
/// and `IMG_0042.JPG`). A folder feed lists a shot as one photo (unless
/// ``FolderOptions/separatesPairs``): its ``FeedPhoto/origin`` is the JPEG or HEIF, the file
/// it is shown from, and the RAW is its **companion** (``FeedPhoto/Shot/companions``).
/// Whatever acts on a photo's files acts on the whole shot: ``FeedPhoto/shotNames``,
/// ``FeedPhoto/shotPaths``, ``FreedesktopTrash/trash(shotOf:)``,
/// ``PhotoSaver/save(shot:named:into:)``.
///
/// The JPEG is shown rather than the RAW's embedded preview: a camera writing both writes the
/// JPEG at the size it was set to, which is the sensor's unless set smaller, and no preview is
/// larger than the sensor; the preview's own size is known only once LibRaw has parsed the
/// whole RAW file (tens of megabytes read per file), which a listing cannot afford, while the
/// JPEG's is in the first bytes the listing reads anyway.
///
/// ```swift
/// let photo = try await DirectoryFeed(directory: shoot).loadNextPage()[0]
/// photo.id                       // "IMG_0042.JPG"
/// photo.shot?.badge              // "RAW+JPG"
/// photo.shotNames                // ["IMG_0042.JPG", "IMG_0042.CR2"]
/// ```
extension FeedPhoto {
    /// The files of a shot beside the one a photo is shown from.
    public struct Shot: Sendable, Hashable {
        /// The other files of the shot (the RAW), in the photo's folder.
        public var companions: [Companion]
        /// What a row's badge says: "RAW+JPG", or "RAW+HEIF" for a shot shown from a HEIF.
        public var badge: String

        /// A shot of the shown file and `companions`.
        public init(companions: [Companion], badge: String) {
            self.companions = companions
            self.badge = badge
        }
    }

    /// A file of a shot that is not the one shown.
    public struct Companion: Sendable, Hashable {
        /// Its name: a path relative to the feed's folder, as ``Origin/file(directory:name:)``'s
        /// ("2024/IMG_0042.CR2"); always in the same folder as the shown file.
        public var name: FilePath
        /// Its `stat` when listed: bytes, modification time, identity (an action checks it).
        public var file: FileFacts

        /// A companion file.
        public init(name: FilePath, file: FileFacts) {
            self.name = name
            self.file = file
        }
    }

    /// Whether the photo is a shot of several files (a RAW and its JPEG).
    public var isShot: Bool { !(shot?.companions.isEmpty ?? true) }

    /// Every file's name (relative to the folder) of a folder feed's photo: the shown one
    /// first, then its companions; empty for a photo that is no folder's file.
    public var shotNames: [FilePath] {
        guard case .file(_, let name) = origin else { return [] }
        return [name] + (shot?.companions.map(\.name) ?? [])
    }

    /// Every file's path of the photo: the shown one first, then its companions; for a photo
    /// that is no folder's file, its ``filePath`` alone (or none).
    public var shotPaths: [FilePath] {
        guard case .file(let directory, _) = origin, let folder = directory.localPath else { return filePath.map { [$0] } ?? [] }
        return shotNames.map { folder.joined($0) }
    }
}

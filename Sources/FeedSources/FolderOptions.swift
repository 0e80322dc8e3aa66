/// How a folder is read as a feed (and watched): the order of its photos, how deep into
/// sub-folders, and whether hidden names count.
///
/// The defaults are the folder's own photos in natural name order, hidden names (a leading dot)
/// left out: the cheapest listing (``DirectoryFeed`` reads names only until a page checks its
/// own files). Any other ``sort`` needs every file checked before the first real page.
///
/// ```swift
/// let options = FolderOptions(sort: .taken, recursive: 2)   // the folder and two levels below
/// let feed = try DirectoryFeed(directory: URL(fileURLWithPath: "/photos"), options: options)
/// ```
public struct FolderOptions: Sendable, Hashable {
    /// The order of the photos.
    public var sort: PhotoSort
    /// The seed of ``PhotoSort/random`` (the same seed, the same order).
    public var seed: UInt64
    /// How many levels of sub-folders to walk into: nil (or 0) the folder only, 1 its direct
    /// sub-folders too, and so on. A sub-folder's photos have ids that are their paths relative
    /// to the folder ("2024/trip/a.jpg").
    public var recursive: Int?
    /// Whether names with a leading dot (files and sub-folders) are read; they are left out by
    /// default, in the folder itself too.
    public var hidden: Bool
    /// With ``recursive``: whether sub-folders on another file system than the folder's (a
    /// mount point inside it) are walked into; by default they are skipped, and said so.
    public var crossFilesystems: Bool
    /// Whether a RAW file and the JPEG or HEIF of the same name (a ``FeedPhoto/Shot``) are two
    /// photos; by default they are one, shown from the JPEG or HEIF.
    public var separatesPairs: Bool

    /// Options; the defaults read the folder's own visible photos by name.
    public init(
        sort: PhotoSort = .name, seed: UInt64 = 0, recursive: Int? = nil, hidden: Bool = false, crossFilesystems: Bool = false,
        separatesPairs: Bool = false
    ) {
        self.separatesPairs = separatesPairs
        self.sort = sort
        self.seed = seed
        self.recursive = recursive
        self.hidden = hidden
        self.crossFilesystems = crossFilesystems
    }

    /// The deepest level walked into (0: the folder itself).
    var maxDepth: Int { max(0, recursive ?? 0) }
}

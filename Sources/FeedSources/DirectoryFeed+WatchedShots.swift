import FoundationEssentials
import FoundationExtras
import ImageCodecs
import SystemPackage

/// What a watched folder's file changes about its shot (``FeedPhoto/Shot``), so a viewer that
/// upserts by id keeps a RAW and its JPEG one row as files come and go (an import, the Trash's
/// undo putting both back, one of them deleted).
///
/// A file that is there now is checked as the listing checks it; when it is a RAW or a JPEG or
/// HEIF, its one companion is looked for under the usual extensions of the other kind, in upper
/// and lower case (``rawExtensions``, ``developedExtensions``: a `stat` each, no folder read; a
/// case-insensitive card counts once), and the shot's photo comes under the JPEG's id, with the
/// RAW's own id removed. A file that is gone gives its removal, and the companion left behind as
/// a photo of its own. A name with more than one file of either kind beside it makes no shot,
/// as in the listing; unlike the listing, another image of the stem (a PNG) is not seen.
///
/// ```swift
/// DirectoryFeed.presentChanges(FilePath("IMG_1.CR2"), in: root, options: options, existed: false)
/// // [.removed(id: "IMG_1.CR2"), .added(IMG_1.JPG with its companion IMG_1.CR2)] when IMG_1.JPG is there
/// ```
extension DirectoryFeed {
    /// A camera's RAW files' extensions, as cameras write them.
    static let rawExtensions = [
        "CR2", "CR3", "CRW", "NEF", "NRW", "ARW", "SR2", "SRF", "RAF", "ORF", "RW2", "RWL", "PEF", "SRW", "DNG", "3FR", "IIQ",
        "ERF", "MOS", "MRW", "X3F", "GPR",
    ]
    /// The extensions of the JPEG or HEIF a camera writes beside a RAW.
    static let developedExtensions = ["JPG", "JPEG", "HIF", "HEIC", "HEIF"]

    /// The changes the file `relative`, there now, makes: nil when it is no photo; `existed`
    /// says whether it was there before (`.changed`) or is new (`.added`).
    static func presentChanges(_ relative: FilePath, in root: URL, options: FolderOptions, existed: Bool) -> [FolderChange]? {
        guard let file = checkedFile(named: relative, in: root) else { return nil }
        func change(_ photo: FeedPhoto) -> FolderChange { existed ? .changed(photo) : .added(photo) }
        guard !options.separatesPairs, let isRaw = isRaw(file.format),
            let companion = companion(of: relative, file: file, isRaw: isRaw, in: root)
        else { return [change(file.photo)] }
        let (shown, raw) = isRaw ? (companion, (relative, file)) : ((relative, file), companion)
        return [.removed(id: FeedPhoto.fileID(raw.0)), change(shot(shown: shown.1, raw: raw))]
    }

    /// The changes the file `relative`, gone now, makes: its removal, and its companion, if one
    /// is left, as a photo of its own.
    static func goneChanges(_ relative: FilePath, in root: URL, options: FolderOptions) -> [FolderChange] {
        let removed = FolderChange.removed(id: FeedPhoto.fileID(relative))
        guard !options.separatesPairs, let dot = stemPrefix(relative) else { return [removed] }
        let suffix = String(decoding: relative.bytes.dropFirst(dot.count), as: UTF8.self).uppercased()
        let isRaw: Bool
        if rawExtensions.contains(suffix) { isRaw = true } else if developedExtensions.contains(suffix) { isRaw = false } else { return [removed] }
        let left = siblings(of: relative, extensions: isRaw ? developedExtensions : rawExtensions, in: root)
            .filter { self.isRaw($0.1.format) == !isRaw }
        guard left.count == 1, let alone = left.first else { return [removed] }
        // The JPEG left: the shot's row again, alone. The RAW left: a row of its own.
        return [removed, isRaw ? .changed(alone.1.photo) : .added(alone.1.photo)]
    }

    /// true for a RAW, false for a JPEG or HEIF, nil for any other format.
    static func isRaw(_ format: ImageFormat?) -> Bool? {
        switch format {
        case .raw: true
        case .jpeg, .heif: false
        default: nil
        }
    }

    /// The one file of the other kind beside `relative` (a RAW's JPEG or HEIF, a JPEG's RAW),
    /// when there is exactly one and no other file of `relative`'s own kind.
    private static func companion(
        of relative: FilePath, file: CheckedFile, isRaw: Bool, in root: URL
    ) -> (FilePath, CheckedFile)? {
        let own = file.photo.file?.identity
        let others = siblings(of: relative, extensions: isRaw ? developedExtensions : rawExtensions, in: root)
            .filter { self.isRaw($0.1.format) == !isRaw }
        let twins = siblings(of: relative, extensions: isRaw ? rawExtensions : developedExtensions, in: root)
            .filter { self.isRaw($0.1.format) == isRaw && $0.1.photo.file?.identity != own }
        guard others.count == 1, twins.isEmpty else { return nil }
        return others[0]
    }

    /// The photos under `relative`'s stem and each of `extensions` (upper and lower case), but
    /// `relative` itself, each file once (a case-insensitive file system answers both cases).
    private static func siblings(of relative: FilePath, extensions: [String], in root: URL) -> [(FilePath, CheckedFile)] {
        guard let prefix = stemPrefix(relative), let folder = root.localPath else { return [] }
        var found: [(FilePath, CheckedFile)] = []
        var seen = Set<FileIdentity>()
        for suffix in extensions.flatMap({ [$0, $0.lowercased()] }) {
            let name = FilePath(bytes: prefix + Array(suffix.utf8))
            guard name != relative, folder.joined(name).status(followingLinks: false) != nil,
                let file = checkedFile(named: name, in: root)
            else { continue }
            if let identity = file.photo.file?.identity {
                guard seen.insert(identity).inserted else { continue }
            }
            found.append((name, file))
        }
        return found
    }

    /// The shot's photo: the JPEG's or HEIF's, with the RAW as its companion.
    static func shot(shown: CheckedFile, raw: (FilePath, CheckedFile)) -> FeedPhoto {
        var photo = shown.photo
        let companion = FeedPhoto.Companion(name: raw.0, file: raw.1.photo.file ?? FeedPhoto.FileFacts(byteCount: 0, modified: 0))
        photo.shot = FeedPhoto.Shot(companions: [companion], badge: shown.format == .heif ? "RAW+HEIF" : "RAW+JPG")
        return photo
    }
}

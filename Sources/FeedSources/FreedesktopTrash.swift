public import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// Moves files to the Trash and back, as the freedesktop.org Trash specification says; never
/// unlinks a photo, and moves only the file it was asked about.
///
/// The file is named by its folder and its name (raw bytes: any name the system allows). The
/// folder is opened (a link the user gave is followed) and checked against the folder listed;
/// the name is checked, without following a link, against the file listed (device, inode,
/// type) right before it is renamed relative to the folder's descriptor. A folder, another
/// file, a link where a file was: refused with a sentence, nothing moved. A folder is never
/// trashed.
///
/// A file on the home volume goes to `$XDG_DATA_HOME/Trash` (else `~/.local/share/Trash`);
/// a file on another volume goes to that volume's `$topdir/.Trash/$uid` when `.Trash` is a
/// real folder with the sticky bit, else to `$topdir/.Trash-$uid` (made 0700). Each file gets a
/// name free in both `files` and `info`: its `.trashinfo` is created first with `O_EXCL` (the
/// name is reserved, atomically), then the file is renamed into `files` (never over a file
/// there). A name too long to carry the `.trashinfo` suffix is shortened in `files` (the
/// `Path` keeps the real one). The `Path` is the absolute path, percent-encoded byte by byte
/// (relative to `$topdir` in a volume's trash, as the specification allows); `DeletionDate` is
/// local time. A rename across volumes fails rather than copying.
///
/// ```swift
/// let trash = FreedesktopTrash()
/// let moved = try trash.trash(Array("a.jpg".utf8), inFolder: Array("/home/me/photos".utf8), expecting: listed)
/// try trash.restore(moved)
/// ```
public struct FreedesktopTrash: Sendable {
    /// A file in the Trash: where it was, where it is, and its info file (paths as bytes).
    public struct TrashedFile: Sendable, Hashable {
        public var originalPath: [UInt8]
        public var trashedPath: [UInt8]
        public var infoPath: [UInt8]

        /// A file moved from `originalPath` to `trashedPath`, described by `infoPath`.
        public init(originalPath: [UInt8], trashedPath: [UInt8], infoPath: [UInt8]) {
            self.originalPath = originalPath
            self.trashedPath = trashedPath
            self.infoPath = infoPath
        }

        /// The same from URLs (their paths' UTF-8).
        public init(original: URL, trashed: URL, info: URL) {
            self.init(originalPath: Array(original.path.utf8), trashedPath: Array(trashed.path.utf8), infoPath: Array(info.path.utf8))
        }

        /// Its name where it was, as a sentence shows it (``FilePath/escapedText``: `e\xFF.jpg`).
        public var shownName: String { FilePath.escapedText(TrashPath.split(originalPath).name) }

        /// Where it was, as a URL (a name that is not UTF-8 shows U+FFFD: for display only).
        public var original: URL { URL(fileURLWithPath: String(decoding: originalPath, as: UTF8.self)) }
        /// Where it is, as a URL (for display only).
        public var trashed: URL { URL(fileURLWithPath: String(decoding: trashedPath, as: UTF8.self)) }
        /// Its info file, as a URL (for display only).
        public var info: URL { URL(fileURLWithPath: String(decoding: infoPath, as: UTF8.self)) }
    }

    /// Why a move failed, in words: the file's name and the system's reason.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    let homeTrash: String
    private let now: @Sendable () -> Date

    /// The Trash of `environment` (`XDG_DATA_HOME`, `HOME`).
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        homeTrash = PathText.appending("Trash", to: UserFolders(environment: environment).dataHome)
        self.now = now
    }

    /// Moves `file` to the Trash of its volume, when its name still stands for `identity`
    /// (nil: whatever is there now, but never a folder).
    public func trash(_ file: URL, expecting identity: FileIdentity? = nil) throws -> TrashedFile {
        // The path's bytes: a name that is not UTF-8 is percent-encoded in the URL.
        let path = file.localPath?.bytes ?? Array(file.standardizedFileURL.path.utf8)
        let (folder, name) = TrashPath.split(path)
        return try trash(name, inFolder: folder, expecting: identity)
    }

    /// Moves the file `name` (one component) of `folder` to the Trash of its volume, when the
    /// folder is still `folderIdentity` and the name still stands for `identity` (nil: no check
    /// of that one, but a folder under the name is always refused).
    public func trash(
        _ name: [UInt8], inFolder folder: [UInt8], expecting identity: FileIdentity?, folderIdentity: FileIdentity? = nil
    ) throws -> TrashedFile {
        let shown = VisibleName.of(name)
        func failure(_ reason: String) -> Failure { Failure(description: "cannot move \(shown) to the Trash: \(reason)") }
        guard !name.isEmpty, !name.contains(UInt8(ascii: "/")), name != Array(".".utf8), name != Array("..".utf8) else {
            throw failure("it is no file name")
        }
        let folder = TrashPath.absolute(folder)
        let folderDescriptor = TrashPath.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard folderDescriptor >= 0 else {
            throw failure("cannot open its folder \(VisibleName.of(folder)): \(SystemError.reason(errno))")
        }
        defer { close(folderDescriptor) }
        if let folderIdentity, FileIdentity(descriptor: folderDescriptor) != folderIdentity {
            throw failure("its folder \(VisibleName.of(folder)) is no longer the one listed (moved or replaced); nothing moved")
        }
        let found = try check(name, in: folderDescriptor, expecting: identity, failure)
        let original = folder == [UInt8(ascii: "/")] ? folder + name : folder + [UInt8(ascii: "/")] + name
        let (trash, topdir) = try place(forFolder: folder, device: found.device, failure)
        let files = trash + Array("/files".utf8)
        let infos = trash + Array("/info".utf8)
        for made in [trash, files, infos] { try Self.makeFolder(made, failure) }
        let recorded = topdir.map { TrashPath.relative(original, to: $0) } ?? original
        let text = "[Trash Info]\nPath=\(TrashPath.percentEncoded(recorded))\nDeletionDate=\(Self.date(now()))\n"
        for candidate in TrashPath.candidates(for: name) {
            let info = infos + [UInt8(ascii: "/")] + candidate + Array(".trashinfo".utf8)
            let descriptor = TrashPath.withCString(info) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            if descriptor < 0 {
                let code = errno
                if code == EEXIST { continue }
                throw failure("cannot write its trash info in \(VisibleName.of(infos)): \(SystemError.reason(code))")
            }
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let code = errno
            let closed = close(descriptor) == 0
            guard written == bytes.count, closed else {
                TrashPath.unlink(info)
                throw failure("cannot write its trash info in \(VisibleName.of(infos)): \(SystemError.reason(written < 0 || !closed ? code : ENOSPC))")
            }
            let target = files + [UInt8(ascii: "/")] + candidate
            // The last check, right before the move: still the file asked about.
            do {
                _ = try check(name, in: folderDescriptor, expecting: identity ?? found, failure)
            } catch {
                TrashPath.unlink(info)
                throw error
            }
            switch TrashPath.renameNoReplace(from: name, in: folderDescriptor, to: target) {
            case 0:
                return TrashedFile(originalPath: original, trashedPath: target, infoPath: info)
            case EEXIST:
                TrashPath.unlink(info)
                continue
            case let code:
                TrashPath.unlink(info)
                throw failure(code == EXDEV ? "the Trash is on another volume" : SystemError.reason(code))
            }
        }
        throw failure("no free name in the Trash")
    }

    /// What `name` in the open folder is now, refused when it is a folder or not `identity`.
    private func check(
        _ name: [UInt8], in folder: Int32, expecting identity: FileIdentity?, _ failure: (String) -> Failure
    ) throws -> FileIdentity {
        guard let now = FileIdentity(name: name, inFolder: folder) else { throw failure(SystemError.reason(errno)) }
        if let identity, now != identity {
            let kind = now.kindText.split(separator: " ", maxSplits: 1).last.map(String.init) ?? now.kindText
            let what = now.type == identity.type ? "another \(kind)" : now.kindText
            throw failure("it is not the file listed (it is \(what) now); nothing moved")
        }
        guard !now.isDirectory else { throw failure("it is a folder (a folder is never moved to the Trash)") }
        return now
    }

    /// Moves a trashed file back where it was (refused when something is there now).
    public func restore(_ file: TrashedFile) throws {
        let shown = VisibleName.of(TrashPath.split(file.originalPath).name)
        switch TrashPath.renameNoReplace(from: file.trashedPath, in: AT_FDCWD, to: file.originalPath) {
        case 0:
            TrashPath.unlink(file.infoPath)
        case EEXIST:
            throw Failure(description: "cannot put back \(shown): a file of that name is back in its folder")
        case let code:
            throw Failure(description: "cannot put back \(shown): \(SystemError.reason(code))")
        }
    }

    static func makeFolder(_ path: [UInt8], _ failure: (String) -> Failure) throws {
        var status = stat()
        if TrashPath.withCString(path, { lstat($0, &status) }) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw failure("\(VisibleName.of(path)) is not a folder") }
            return
        }
        // Parents first (the home's data folder may not exist yet).
        let parent = TrashPath.split(path).folder
        if parent != path, !parent.isEmpty, TrashPath.withCString(parent, { stat($0, &status) }) != 0 {
            try makeFolder(parent, failure)
        }
        if TrashPath.withCString(path, { mkdir($0, 0o700) }) != 0, errno != EEXIST {
            throw failure("cannot make \(VisibleName.of(path)): \(SystemError.reason(errno))")
        }
    }

    /// `YYYY-MM-DDThh:mm:ss`, local time.
    static func date(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
    }
}

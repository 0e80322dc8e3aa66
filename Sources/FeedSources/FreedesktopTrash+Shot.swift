import FoundationEssentials
import FoundationExtras
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A shot (``FeedPhoto/Shot``: a RAW and its JPEG) goes to the Trash and comes back as one:
/// every file, or none.
///
/// Each file is moved as ``trash(_:inFolder:expecting:folderIdentity:)`` moves one (its folder
/// and its identity checked right before). When one cannot be moved, those already moved are
/// put back and the sentence says why and what happened to them; putting a shot back checks
/// first that no name is taken again, then renames every file, and undoes its own renames
/// when one fails; the info files go only once every file is back.
///
/// ```swift
/// let trash = FreedesktopTrash()
/// let moved = try trash.trash(shotOf: photo)     // [IMG_0042.JPG, IMG_0042.CR2], or a Failure
/// try trash.restore(shot: moved)                 // both back, or neither
/// ```
extension FreedesktopTrash {
    /// A file of a shot to move: its name (one component) and the identity it had when listed
    /// (nil: no check, but never a folder).
    public struct ShotFile: Sendable, Hashable {
        public var name: [UInt8]
        public var identity: FileIdentity?

        /// The file `name`, expected to be `identity`.
        public init(name: [UInt8], identity: FileIdentity?) {
            self.name = name
            self.identity = identity
        }
    }

    /// Moves every file of `photo`'s shot (its own file first, then its companions) to the
    /// Trash, each checked against the identity it had when listed; throws, with nothing moved,
    /// when one cannot be. A photo of one file moves as that file.
    public func trash(shotOf photo: FeedPhoto) throws -> [TrashedFile] {
        guard case .file(let directory, let name) = photo.origin, let root = directory.localPath else {
            throw Failure(description: "cannot move \(photo.id) to the Trash: it is no file of a folder")
        }
        let identities = [photo.file?.identity] + (photo.shot?.companions.map(\.file.identity) ?? [])
        let files = zip(photo.shotNames, identities).map { ShotFile(name: TrashPath.split($0.0.bytes).name, identity: $0.1) }
        let folder = TrashPath.split(root.joined(name).bytes).folder
        return try trash(files, inFolder: folder, folderIdentity: photo.file?.folder)
    }

    /// Moves `files` (names in `folder`) to the Trash, all or none: when one cannot be moved,
    /// those moved before it are put back, and the failure says so.
    public func trash(_ files: [ShotFile], inFolder folder: [UInt8], folderIdentity: FileIdentity? = nil) throws -> [TrashedFile] {
        var moved: [TrashedFile] = []
        for file in files {
            do {
                moved.append(try trash(file.name, inFolder: folder, expecting: file.identity, folderIdentity: folderIdentity))
            } catch {
                guard files.count > 1 else { throw error }
                var stuck: [String] = []
                for done in moved.reversed() {
                    do { try restore(done) } catch { stuck.append("\(error)") }
                }
                let all = Self.listed(files.map { VisibleName.of($0.name) })
                var text = "cannot move the shot \(all) to the Trash, so none of it moved: \(error)"
                if !stuck.isEmpty { text = "cannot move the shot \(all) to the Trash: \(error); and \(stuck.joined(separator: "; "))" }
                throw Failure(description: text)
            }
        }
        return moved
    }

    /// Puts every file of a trashed shot back where it was, all or none: refused, with nothing
    /// moved, when a name is taken again; a rename that fails undoes the ones before it.
    public func restore(shot files: [TrashedFile]) throws {
        guard files.count > 1 else {
            for file in files { try restore(file) }
            return
        }
        let all = Self.listed(files.map(\.shownName))
        for file in files {
            var status = stat()
            if TrashPath.withCString(file.originalPath, { lstat($0, &status) }) == 0 {
                throw Failure(description: "cannot put back the shot \(all): a file named \(file.shownName) is back in its folder; nothing put back")
            }
        }
        var back: [TrashedFile] = []
        for file in files {
            let code = TrashPath.renameNoReplace(from: file.trashedPath, in: AT_FDCWD, to: file.originalPath)
            guard code == 0 else {
                for done in back.reversed() {
                    _ = TrashPath.renameNoReplace(from: done.originalPath, in: AT_FDCWD, to: done.trashedPath)
                }
                let reason = code == EEXIST ? "a file named \(file.shownName) is back in its folder" : "\(file.shownName): \(SystemError.reason(code))"
                throw Failure(description: "cannot put back the shot \(all): \(reason); nothing put back")
            }
            back.append(file)
        }
        for file in files { TrashPath.unlink(file.infoPath) }
    }

    /// "a, b and c".
    static func listed(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

import FoundationEssentials
import FoundationExtras

#if canImport(Glibc)
import Glibc
#endif

/// Which Trash a file goes to: the home Trash for a file on its volume, else the volume's own.
extension FreedesktopTrash {
    /// The home Trash for a file on the home Trash's volume, else its volume's (and its top folder).
    func place(forFolder folder: [UInt8], device: UInt64, _ failure: (String) -> Failure) throws -> ([UInt8], [UInt8]?) {
        if let home = Self.device(ofExistingAncestorOf: Array(homeTrash.utf8)), home == device { return (Array(homeTrash.utf8), nil) }
        let topdir = Self.topFolder(of: folder, device: device)
        let uid = Array(String(getuid()).utf8)
        let base = topdir == [UInt8(ascii: "/")] ? [] : topdir
        let shared = base + Array("/.Trash".utf8)
        var status = stat()
        if TrashPath.withCString(shared, { lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_ISVTX != 0 {
            return (shared + [UInt8(ascii: "/")] + uid, topdir)
        }
        return (base + Array("/.Trash-".utf8) + uid, topdir)
    }

    /// The highest folder at or above `folder` on `device`: its volume's mount point.
    static func topFolder(of folder: [UInt8], device: UInt64) -> [UInt8] {
        var current = folder
        while current != [UInt8(ascii: "/")] {
            let parent = TrashPath.split(current).folder
            var status = stat()
            guard TrashPath.withCString(parent, { stat($0, &status) }) == 0, UInt64(status.st_dev) == device else { break }
            current = parent
        }
        return current
    }

    static func device(ofExistingAncestorOf path: [UInt8]) -> UInt64? {
        var current = path
        while true {
            var status = stat()
            if TrashPath.withCString(current, { stat($0, &status) }) == 0 { return UInt64(status.st_dev) }
            if current == [UInt8(ascii: "/")] || current.isEmpty { return nil }
            current = TrashPath.split(current).folder
        }
    }
}

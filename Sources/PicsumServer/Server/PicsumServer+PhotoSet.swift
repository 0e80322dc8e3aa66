import Digests
#if canImport(Glibc)
import Glibc
#endif

extension PicsumServer {
    /// A short name for a set of photos served as a feed of `count` ids: the first 16 hex
    /// digits of the SHA-256 of each photo's name, size and modification time, in order, and
    /// the count (the id → photo mapping depends on both). Two folders, an edited photo or a
    /// different `--count` give another name; the same photos installed again at the same
    /// times give the same.
    ///
    /// ```swift
    /// PicsumServer.photoSetName(of: library.photos, count: 1000)   // "3f9a0c1d2e4b5a67"
    /// ```
    public static func photoSetName(of photos: [Photo], count: Int) -> String {
        var text = "photofeed-photo-set 1\n\(count)\n"
        for photo in photos {
            var status = stat()
            let known = stat(photo.url.path, &status) == 0
            let size = known ? Int64(status.st_size) : -1
            let modified = known ? "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : "?"
            text += "\(photo.name)\t\(size)\t\(modified)\t\(photo.size.width)x\(photo.size.height)\n"
        }
        return SHA256.hash(data: Array(text.utf8)).prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}

import FoundationEssentials
import FoundationExtras
import ImageCodecs
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Magic bytes: is a file an image ImageCodecs decodes, judged by its first bytes only.
///
/// Only regular files are read. A FIFO, socket or device in a photo folder is not a photo,
/// and opening a FIFO for reading blocks until a writer appears: the path is `stat`ed before
/// it is opened, opened non-blocking, and checked again on the open descriptor (the name may
/// have been replaced in between).
enum FileSignature {
    /// The most bytes a signature needs (ISO-BMFF brands for HEIF/AVIF sit in the first 32).
    static let headCount = 64

    /// Whether a file's first bytes are the signature of a format ImageCodecs decodes (JPEG, PNG,
    /// WebP, GIF, AVIF, HEIF, JPEG XL, TIFF, BMP).
    static func isImage(_ head: [UInt8]) -> Bool {
        ImageFormat.sniff(head)?.isDecodable ?? false
    }

    /// Whether `path` names a regular file (symbolic links followed).
    static func isRegularFile(_ path: FilePath) -> Bool {
        guard let status = path.status() else { return false }
        return status.st_mode & S_IFMT == S_IFREG
    }

    /// Up to `count` bytes from the start of a regular file; nil for anything else and for
    /// files that cannot be read. Never blocks on a FIFO. A path of any length (past
    /// `PATH_MAX`: ``FilePath/openFile(_:mode:)``).
    static func head(of path: FilePath, count: Int) -> [UInt8]? {
        guard count > 0, isRegularFile(path) else { return nil }
        let descriptor = path.openFile(O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, count - filled)
            }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }
}

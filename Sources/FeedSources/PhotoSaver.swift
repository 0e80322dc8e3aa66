public import FoundationEssentials
import FoundationExtras
import ImageCodecs

#if canImport(Glibc)
import Glibc
#endif

/// Saves a photo's original bytes into a folder under a name never taken: the bytes go to a
/// temporary file first, which is then hard-linked under the first free name (`name.jpg`,
/// `name (2).jpg`, …: `link` fails rather than replace) and unlinked; a file already there is
/// never overwritten, and a cut write never leaves a half photo under the real name.
///
/// ```swift
/// let saved = try PhotoSaver.save(bytes, named: "picsum-42-5000x3333", into: PhotoSaver.downloadFolder())
/// ```
public enum PhotoSaver {
    /// Why saving failed, in words.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The user's download folder: `xdg-user-dir DOWNLOAD` when it names one (not the home
    /// folder itself), else `~/Downloads`.
    public static func downloadFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        if let answer = runXdgUserDir(environment: environment), !answer.isEmpty, answer != home, answer.hasPrefix("/") {
            return URL(fileURLWithPath: answer)
        }
        return URL(fileURLWithPath: home).appendingPathComponent("Downloads")
    }

    /// Writes `bytes` into `folder` (made when missing) as `name` plus the extension their
    /// format says; returns where.
    public static func save(_ bytes: [UInt8], named name: String, into folder: URL) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stem = safeName(name)
        let suffix = ImageFormat.sniff(bytes).map(fileExtension) ?? "bin"
        let temporary = folder.appendingPathComponent(".\(stem).photofeed-\(getpid()).part")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot write in \(folder.path): \(String(cString: strerror(errno)))") }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                written += count
            }
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        defer { unlink(temporary.path) }
        guard written == bytes.count, synced else {
            throw Failure(description: "cannot write in \(folder.path): \(String(cString: strerror(errno)))")
        }
        for attempt in 1...10_000 {
            let candidate = folder.appendingPathComponent(attempt == 1 ? "\(stem).\(suffix)" : "\(stem) (\(attempt)).\(suffix)")
            if link(temporary.path, candidate.path) == 0 { return candidate }
            if errno != EEXIST { throw Failure(description: "cannot save \(candidate.lastPathComponent): \(String(cString: strerror(errno)))") }
        }
        throw Failure(description: "no free name for \(stem) in \(folder.path)")
    }

    /// `name` without path separators, control characters or a leading dot, at most 120 bytes.
    static func safeName(_ name: String) -> String {
        var text = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0 != "/" && $0.value != 0x7F }.map(Character.init))
        while text.hasPrefix(".") { text.removeFirst() }
        while text.utf8.count > 120 { text.removeLast() }
        return text.isEmpty ? "photo" : text
    }

    static func fileExtension(_ format: ImageFormat) -> String {
        switch format {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .bmp: "bmp"
        case .tiff: "tiff"
        case .heif: "heic"
        case .avif: "avif"
        case .jxl: "jxl"
        }
    }

    private static func runXdgUserDir(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        guard let program = path.split(separator: ":").map({ "\($0)/xdg-user-dir" }).first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { return nil }
        guard let result = try? ChildProcess.run(program, ["DOWNLOAD"], environment: environment, capturesOutput: true),
            result.succeeded
        else { return nil }
        return String(decoding: result.output, as: UTF8.self).trimmingWhitespace(includingNewlines: true)
    }
}

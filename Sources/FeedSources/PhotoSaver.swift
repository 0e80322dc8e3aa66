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
        let home = UserFolders(environment: environment).home
        if let answer = runXdgUserDir(environment: environment), !answer.isEmpty, answer != home, answer.hasPrefix("/") {
            return URL(fileURLWithPath: answer)
        }
        return URL(fileURLWithPath: home).appendingPathComponent("Downloads")
    }

    /// Writes `bytes` into `folder` (made when missing) as `name` plus the extension their
    /// format says; returns where.
    public static func save(_ bytes: [UInt8], named name: String, into folder: URL) throws -> URL {
        if let problem = folderProblem(folder, creating: true) { throw Failure(description: problem) }
        let stem = safeName(name)
        let suffix = ImageFormat.sniff(bytes).map(fileExtension) ?? "bin"
        let temporary = try writeTemporary(bytes, as: ".\(stem).photofeed-\(getpid()).part", in: folder)
        defer { unlink(temporary.path) }
        for attempt in 1...10_000 {
            let candidate = folder.appendingPathComponent(attempt == 1 ? "\(stem).\(suffix)" : "\(stem) (\(attempt)).\(suffix)")
            if link(temporary.path, candidate.path) == 0 { return candidate }
            let code = errno
            if code != EEXIST { throw Failure(description: "cannot save \(candidate.path): \(SystemError.reason(code))") }
        }
        throw Failure(description: "no free name for \(stem) in \(folder.path)")
    }

    /// Writes `bytes` to the new file `name` in `folder`, synced; throws with the reason (the
    /// file removed) when it cannot.
    static func writeTemporary(_ bytes: [UInt8], as name: String, in folder: URL) throws -> URL {
        let temporary = folder.appendingPathComponent(name)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot write in \(folder.path): \(SystemError.reason(errno))") }
        var written = 0
        // The errno of the call that failed, taken at once (a short write with none: the disk is full).
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? errno : ENOSPC
                    break
                }
                written += count
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary.path)
            throw Failure(description: "cannot write in \(folder.path): \(SystemError.reason(failure))")
        }
        return temporary
    }

    /// Why `folder` cannot take saved photos, in a sentence naming it; nil when it can. With
    /// `creating`, a missing folder (and its parents) is made first.
    public static func folderProblem(_ folder: URL, creating: Bool) -> String? {
        let path = folder.path
        var status = stat()
        if stat(path, &status) == 0 {
            return status.st_mode & S_IFMT == S_IFDIR ? nil : "cannot save into \(path): it is not a folder"
        }
        let code = errno
        guard code == ENOENT, creating else { return "cannot save into \(path): \(SystemError.reason(code))" }
        let parent = folder.deletingLastPathComponent()
        if parent.path != path, let problem = folderProblem(parent, creating: true) { return problem }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { return "cannot make \(path): \(SystemError.reason(errno))" }
        return nil
    }

    /// `name` without path separators, C0 and C1 control characters or a leading dot, at most 120 bytes.
    static func safeName(_ name: String) -> String {
        var text = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0 != "/" && !(0x7F...0x9F).contains($0.value) }.map(Character.init))
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
        // Which maker's RAW is not told by the bytes alone (NEF, ARW and DNG are all TIFF containers).
        case .raw: "raw"
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

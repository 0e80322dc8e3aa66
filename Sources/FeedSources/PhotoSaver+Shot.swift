public import FoundationEssentials
import FoundationExtras
import ImageCodecs

#if canImport(Glibc)
import Glibc
#endif

/// Saving a shot (``FeedPhoto/Shot``: a RAW and its JPEG) keeps it a shot: every file's bytes
/// under one stem free for all of them (`IMG_0042.JPG` and `IMG_0042.CR2`, else
/// `IMG_0042 (2).JPG` and `IMG_0042 (2).CR2`), each with the extension it had, or none saved.
///
/// ```swift
/// let saved = try PhotoSaver.save(shot: [(jpeg, "JPG"), (raw, "CR2")], named: "IMG_0042", into: folder)
/// ```
extension PhotoSaver {
    /// Writes each file's bytes into `folder` (made when missing) as `name` plus its extension
    /// (letters and digits only, else the one its bytes' format says), all under the first stem
    /// free for every one; returns where, in the order given. A failure leaves none of them.
    public static func save(shot files: [(bytes: [UInt8], fileExtension: String)], named name: String, into folder: URL) throws -> [URL] {
        if let problem = folderProblem(folder, creating: true) { throw Failure(description: problem) }
        let stem = safeName(name)
        let suffixes = files.map { file in
            let given = file.fileExtension
            let usable = !given.isEmpty && given.utf8.count <= 10 && given.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
            return usable ? given : ImageFormat.sniff(file.bytes).map(fileExtension) ?? "bin"
        }
        guard Set(suffixes).count == suffixes.count else {
            throw Failure(description: "cannot save \(stem): two of its files have one extension")
        }
        var temporaries: [URL] = []
        defer { for temporary in temporaries { unlink(temporary.path) } }
        for (index, file) in files.enumerated() {
            temporaries.append(try writeTemporary(file.bytes, as: ".\(stem).photofeed-\(getpid())-\(index).part", in: folder))
        }
        for attempt in 1...10_000 {
            let base = attempt == 1 ? stem : "\(stem) (\(attempt))"
            var linked: [URL] = []
            var taken = false
            for (temporary, suffix) in zip(temporaries, suffixes) {
                let candidate = folder.appendingPathComponent("\(base).\(suffix)")
                if link(temporary.path, candidate.path) == 0 {
                    linked.append(candidate)
                    continue
                }
                let code = errno
                // Only the names this call made are removed: each is a link to its own temporary file.
                for made in linked { unlink(made.path) }
                guard code == EEXIST else { throw Failure(description: "cannot save \(candidate.path): \(SystemError.reason(code))") }
                taken = true
                break
            }
            if !taken { return linked }
        }
        throw Failure(description: "no free name for \(stem) in \(folder.path)")
    }
}

import FeedSources
import FoundationEssentials
import FoundationExtras
import Sidecars
import SystemPackage

/// What `photofeed picks` does, callable from tests: walks a folder as the folder feed does,
/// page by page, reads each photo's decision and writes the chosen files' paths.
///
/// A path is written as the folder was given, a slash, and the file's name in it (its bytes,
/// never decoded: `-0` carries any name). A shot (a RAW and its JPEG) is chosen when either
/// file's decision matches the filter, and then every file of it is written, the JPEG first.
/// Special files (a FIFO) are never written.
///
/// ```swift
/// let listing = PicksListing(folder: "shoot", filter: PicksFilter(), separator: 0, maxDepth: 16, store: SidecarStore())
/// let outcome = try await listing.run { bytes in output += bytes }   // "shoot/a.jpg\0shoot/a.nef\0"
/// ```
struct PicksListing: Sendable {
    /// The folder as given (what each written path starts with).
    var folder: String
    /// Which decisions are chosen.
    var filter: PicksFilter
    /// The byte after each path: a newline, or NUL.
    var separator: UInt8
    /// How many levels of sub-folders are walked.
    var maxDepth: Int
    /// Where the decisions are read.
    var store: any SidecarStoring

    /// What a run wrote, and what it could not do (sentences).
    struct Outcome: Sendable {
        /// Paths written.
        var written = 0
        /// Sidecars that could not be read, names left out: each a sentence.
        var warnings: [String] = []
    }

    /// Walks the folder and hands the chosen paths to `write`, a page at a time; throws when
    /// the folder cannot be listed (or `write` fails).
    func run(write: ([UInt8]) throws -> Void) async throws -> Outcome {
        let feed = try DirectoryFeed(directory: URL(fileURLWithPath: folder), options: FolderOptions(recursive: maxDepth))
        var prefix = Array(folder.utf8)
        while prefix.count > 1, prefix.last == UInt8(ascii: "/") { prefix.removeLast() }
        if prefix.last != UInt8(ascii: "/") { prefix.append(UInt8(ascii: "/")) }
        var outcome = Outcome()
        while await feed.hasMore {
            var bytes: [UInt8] = []
            for photo in try await feed.loadNextPage() where photo.file != nil {
                guard await isChosen(photo, warnings: &outcome.warnings) else { continue }
                for name in photo.shotNames {
                    let path = prefix + name.bytes
                    if separator != 0, path.contains(separator) {
                        outcome.warnings.append("left out \(FilePath.escapedText(path)): its name holds a newline (-0 writes it)")
                        continue
                    }
                    bytes += path
                    bytes.append(separator)
                    outcome.written += 1
                }
            }
            if !bytes.isEmpty { try write(bytes) }
        }
        return outcome
    }

    /// Whether any file of the photo's shot has a decision the filter chooses (no sidecar: an
    /// empty decision); a sidecar that cannot be read is a warning.
    private func isChosen(_ photo: FeedPhoto, warnings: inout [String]) async -> Bool {
        for path in photo.shotPaths {
            do {
                if filter.matches(try await store.read(photo: path) ?? Decision()) { return true }
            } catch {
                warnings.append("\(error)")
            }
        }
        return false
    }
}

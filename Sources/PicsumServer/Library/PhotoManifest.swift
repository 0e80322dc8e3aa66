public import FoundationEssentials
import FoundationExtras
public import Logging

/// Who took each photo of a library: `manifest.tsv` beside the photos, one `file<TAB>photographer`
/// line a photo (`#` starts a comment line).
///
/// The server names the photographer as the `author` of every id drawn from that photo (the
/// attribution CC-BY asks for, as picsum.photos does); photos without a line keep a name from
/// the built-in list. A malformed line is skipped with a log line; a manifest that cannot be
/// read, or is over ``maxBytes``, is ignored with one.
///
/// ```swift
/// let manifest = PhotoManifest.parse("coffee.jpg\tRachel Michetti\n")
/// manifest.authors["coffee.jpg"]   // "Rachel Michetti"
/// ```
public struct PhotoManifest: Sendable, Hashable {
    /// The manifest's file name inside the photos directory.
    public static let fileName = "manifest.tsv"
    /// A larger manifest is not read.
    public static let maxBytes = 256 * 1024
    /// Longer names are cut to this many characters.
    public static let maxAuthorLength = 200

    /// Photographer by file name.
    public var authors: [String: String]
    /// One description per line that was skipped ("line 3: no tab between file and photographer").
    public var problems: [String]

    public init(authors: [String: String] = [:], problems: [String] = []) {
        self.authors = authors
        self.problems = problems
    }

    /// Parses the manifest's text.
    public static func parse(_ text: String) -> PhotoManifest {
        var manifest = PhotoManifest()
        // "\r\n" is one Character in Swift: both end a line.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2 else {
                manifest.problems.append("line \(index + 1): no tab between file and photographer")
                continue
            }
            let file = fields[0].trimmingWhitespace()
            let author = String(fields[1].trimmingWhitespace().prefix(maxAuthorLength))
            guard !file.isEmpty, !file.contains("/"), !author.isEmpty else {
                manifest.problems.append("line \(index + 1): needs a file name (no slash) and a photographer")
                continue
            }
            manifest.authors[file] = author
        }
        return manifest
    }

    /// The manifest of `directory`, or an empty one when there is none; problems are logged.
    public static func load(directory: URL, logger: Logger) -> PhotoManifest {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return PhotoManifest() }
        let text: String
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            let size = (attributes[.size] as? UInt).map { Int($0) } ?? 0  // FoundationEssentials gives UInt
            guard attributes[.type] as? FileAttributeType == .typeRegular, size <= maxBytes else {
                logger.warning("ignoring \(url.path): not a regular file of at most \(maxBytes) bytes")
                return PhotoManifest()
            }
            text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        } catch {
            logger.warning("ignoring \(url.path): \(ErrorText.describe(error))")
            return PhotoManifest()
        }
        let manifest = parse(text)
        for problem in manifest.problems {
            logger.warning("\(url.path) \(problem), skipped")
        }
        return manifest
    }
}

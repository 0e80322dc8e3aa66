public import Foundation
import ImageCodecs
public import Logging

/// The photos a server serves: every decodable file of a directory, probed at start-up.
///
/// A file that cannot be decoded is skipped with one log line; an empty library is an error.
///
/// ```swift
/// let library = try PhotoLibrary(directory: URL(fileURLWithPath: "Assets/photos"), logger: logger)
/// print(library.photos.map(\.name))
/// ```
public struct PhotoLibrary: Sendable {
    /// The photos, sorted by file name.
    public let photos: [Photo]
    /// Files that were skipped, with the reason.
    public let skipped: [SkippedFile]
    /// The directory they came from.
    public let directory: URL

    /// Lists `directory`, probes every file and keeps the decodable ones.
    ///
    /// Hidden files and documentation (`.md`, `.txt`) are ignored silently.
    public init(directory: URL, logger: Logger) throws {
        self.directory = directory
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw PicsumServerError.photosDirectory(directory.path, "no such directory")
        }
        guard isDirectory.boolValue else {
            throw PicsumServerError.photosDirectory(directory.path, "not a directory")
        }
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw PicsumServerError.photosDirectory(directory.path, "cannot be listed (\(error.localizedDescription))")
        }
        var photos: [Photo] = []
        var skipped: [SkippedFile] = []
        for name in names where !Self.isIgnored(name) {
            let url = directory.appendingPathComponent(name)
            var isSubdirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isSubdirectory), !isSubdirectory.boolValue else {
                continue
            }
            do {
                photos.append(try Self.probe(url: url, name: name))
            } catch {
                let reason = (error as? ImageCodecError)?.description ?? "\(error)"
                skipped.append(SkippedFile(name: name, reason: reason))
                logger.warning("skipping \(url.path): \(reason)")
            }
        }
        guard !photos.isEmpty else {
            throw PicsumServerError.emptyLibrary(directory.path, skipped: skipped.count)
        }
        self.photos = photos
        self.skipped = skipped
    }

    private static func probe(url: URL, name: String) throws -> Photo {
        let bytes = try [UInt8](Data(contentsOf: url))
        let header = try ImageDecoder.probe(bytes)
        guard header.format.isDecodable else { throw ImageCodecError.unsupportedFormat(header.format.description) }
        guard !header.size.isEmpty else { throw ImageCodecError.invalidArgument("image has no pixels (\(header.size))") }
        guard header.size.pixelCount <= DecodingOptions.defaultMaxPixels else {
            throw ImageCodecError.tooManyPixels(
                width: header.size.width, height: header.size.height, limit: DecodingOptions.defaultMaxPixels)
        }
        return Photo(name: name, url: url, bytes: bytes, header: header)
    }

    private static func isIgnored(_ name: String) -> Bool {
        if name.hasPrefix(".") { return true }
        let lowered = name.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".txt")
    }
}

/// A file of the photos directory that could not be served, and why.
public struct SkippedFile: Sendable, Hashable {
    /// The file name.
    public var name: String
    /// What the probe said, e.g. "unsupported format: …".
    public var reason: String
}

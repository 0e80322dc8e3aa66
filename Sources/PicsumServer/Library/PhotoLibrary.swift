public import FoundationEssentials
import Dispatch
import FoundationExtras
import ImageCodecs
public import Logging
import Synchronization
import Vocabulary

/// The photos a server serves: every decodable file of a directory, checked at start-up.
///
/// Each file is probed and (``DecodeCheck/atStart``, the default) then decoded at a reduced size
/// (JPEG at 1/8 in the DCT domain, a large PNG streamed into a small area average), on every core
/// at once, so a photo whose header is intact but whose data is cut or corrupt is found before it
/// is served. A file that cannot be probed or decoded is skipped with one log line; an empty
/// library is an error. With ``DecodeCheck/onFirstRender`` only the headers are probed. The
/// files' bytes are not kept (``Photo/contents()`` reads them when needed).
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
    /// When the photos are decoded to check them (at start: they all were).
    public let decodeCheck: DecodeCheck

    /// Lists `directory`, probes every file and keeps the decodable ones.
    ///
    /// Hidden files, documentation (`.md`, `.txt`) and the manifest (`.tsv`) are ignored
    /// silently. Photographers come from ``PhotoManifest`` (`manifest.tsv`) when it names them.
    /// With `checkRecord`, files that passed the decode check in an earlier run, unchanged, are
    /// not decoded again (and this run's passes are added to it); `decodeCheck` says whether the
    /// photos are decoded now at all.
    public init(directory: URL, logger: Logger, checkRecord: URL? = nil, decodeCheck: DecodeCheck = .atStart) throws {
        let decodesNow = decodeCheck == .atStart
        if let checkRecord, decodesNow { DecodeCheckMemo.load(from: checkRecord) }
        self.directory = directory
        self.decodeCheck = decodeCheck
        let fileManager = FileManager.default
        var isDirectory = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw PicsumServerError.photosDirectory(directory.path, "no such directory")
        }
        guard isDirectory else {
            throw PicsumServerError.photosDirectory(directory.path, "not a directory")
        }
        let names: [String]
        do {
            names = try fileManager.contentsOfDirectory(atPath: directory.path).sorted()
        } catch {
            throw PicsumServerError.photosDirectory(directory.path, "cannot be listed (\(ErrorText.describe(error)))")
        }
        var files: [(name: String, url: URL)] = []
        for name in names where !Self.isIgnored(name) {
            let url = directory.appendingPathComponent(name)
            var isSubdirectory = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isSubdirectory), !isSubdirectory else {
                continue
            }
            files.append((name, url))
        }
        let checked = Mutex([Int: Result<Photo, any Error>]())
        let decoded = Mutex(false)
        let listed = files
        DispatchQueue.concurrentPerform(iterations: listed.count) { index in
            let file = listed[index]
            let result = Result { try Self.check(url: file.url, name: file.name, decodesNow: decodesNow, decoded: decoded) }
            checked.withLock { $0[index] = result }
        }
        var photos: [Photo] = []
        var skipped: [SkippedFile] = []
        let results = checked.withLock { $0 }
        if let checkRecord, decoded.withLock({ $0 }) { DecodeCheckMemo.save(to: checkRecord) }
        let manifest = PhotoManifest.load(directory: directory, logger: logger)
        for (index, file) in files.enumerated() {
            switch results[index] {
            case .success(var photo):
                photo.author = manifest.authors[photo.name]
                photos.append(photo)
            case .failure(let error):
                let reason = (error as? ImageCodecError)?.description ?? "\(error)"
                skipped.append(SkippedFile(name: file.name, reason: reason))
                logger.warning("skipping \(file.url.path): \(reason)")
            case nil:
                continue
            }
        }
        guard !photos.isEmpty else {
            throw PicsumServerError.emptyLibrary(directory.path, skipped: skipped.count)
        }
        self.photos = photos
        self.skipped = skipped
    }

    /// The animated GIFs and WebPs of `directory` (checked like any photo; stills are left out),
    /// for the feed to place among its ids; none when there is no directory or nothing animated.
    public static func animations(in directory: URL?, logger: Logger, decodeCheck: DecodeCheck = .atStart) -> [Photo] {
        guard let directory, FileManager.default.fileExists(atPath: directory.path) else { return [] }
        guard let library = try? PhotoLibrary(directory: directory, logger: logger, decodeCheck: decodeCheck) else { return [] }
        return library.photos.filter { RenderCache.animationMediaType(of: $0.header) != nil }
    }

    /// The bytes read to probe a JPEG's header when the photo is not decoded at start (a header
    /// further in, after large metadata, is read from the whole file).
    static let headerPrefixBytes = 64 << 10

    /// The size a photo is test-decoded at: small enough to be quick (JPEG decodes at 1/8).
    static let checkSize = PixelSize(width: 8, height: 8)

    private static func check(url: URL, name: String, decodesNow: Bool, decoded: borrowing Mutex<Bool>) throws -> Photo {
        let identity = DecodeCheckMemo.identity(of: url.path)
        // Not decoding now, a JPEG's header is read from the file's first bytes (its markers
        // before the frame): start-up reads a few hundred KB, not every photo whole.
        let prefix = decodesNow ? nil : try? ReadableFile(path: url.path).read(upToCount: headerPrefixBytes)
        let probed = prefix.flatMap { ImageFormat.sniff($0) == .jpeg ? try? ImageDecoder.probe($0) : nil }
        let bytes = probed == nil ? try [UInt8](Data(contentsOf: url)) : []
        let header = try probed ?? ImageDecoder.probe(bytes)
        guard header.format.isDecodable else { throw ImageCodecError.unsupportedFormat(header.format.description) }
        guard !header.size.isEmpty else { throw ImageCodecError.invalidArgument("image has no pixels (\(header.size))") }
        guard header.size.pixelCount <= DecodingOptions.defaultMaxPixels else {
            throw ImageCodecError.tooManyPixels(
                width: header.size.width, height: header.size.height, limit: DecodingOptions.defaultMaxPixels)
        }
        // The header is not enough: a photo cut after it would answer 500 on every request.
        // (Once per unchanged file per process: a restarted server skips what passed.)
        if decodesNow, !DecodeCheckMemo.hasPassed(identity) || identity != DecodeCheckMemo.identity(of: url.path) {
            _ = try ImageDecoder.decode(bytes, options: DecodingOptions(targetSize: checkSize))
            DecodeCheckMemo.recordPass(identity)
            decoded.withLock { $0 = true }
        }
        return Photo(name: name, url: url, header: header)
    }

    private static func isIgnored(_ name: String) -> Bool {
        if name.hasPrefix(".") { return true }
        let lowered = name.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".txt") || lowered.hasSuffix(".tsv")
    }
}

/// A file of the photos directory that could not be served, and why.
public struct SkippedFile: Sendable, Hashable {
    /// The file name.
    public var name: String
    /// What the probe said, e.g. "unsupported format: …".
    public var reason: String
}

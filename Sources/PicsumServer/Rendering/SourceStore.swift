import FoundationEssentials
import FoundationExtras
import ImageCodecs

import Vocabulary
#if canImport(Glibc)
import Glibc
#endif

/// Scaled sources kept on disk across runs: a large JPEG decoded at 1/2, 1/4 or 1/8 in the DCT
/// domain is saved as a lossless PNG, and the next run's server reads that instead of decoding
/// the photo again (a progressive 5312×2988 JPEG needs its whole coefficient buffer even at 1/8,
/// its 664×374 PNG far less; `feedbench --scenario embedded-start` times a first run and a warm
/// one). The renders are the same pixels.
///
/// Files are named by the photo's identity (device, inode, size, change time) and the scale, so a
/// changed photo is never served from an old source. A stored file is input: read only when it
/// is a regular file of at most ``maxFileBytes``, and used only when it decodes to exactly the
/// size the decode would give; anything else is decoded afresh (and written again).
///
/// An animation's scaled thumbnail is kept too (``animation(of:asked:quality:)``): the animated
/// WebP made for a size, whose encoding would otherwise be the last of the embedded feed's first
/// screen to finish (`feedbench --scenario animations` times it). It is served from the file when the file is an animated WebP of
/// the size the render would make; anything else is rendered again (and written again). One
/// that is not smaller than the animation's own file is not kept: the file is served. A photo
/// keeps its four most recently written sizes.
///
/// ```swift
/// let store = SourceStore(directory: cache.appendingPathComponent(".server-sources"))
/// let source = try store.source(of: photo, scale: 8)   // decoded once, then read from disk
/// ```
struct SourceStore: Sendable {
    /// Where the sources are kept (made on the first write, 0700; files 0600).
    let directory: URL

    /// The largest stored source read (a 1/2-scale source of a 25-megapixel photo is ~20 MB).
    static let maxFileBytes = 48 << 20

    /// `photo` decoded at 1/`scale` (oriented): from the store when it holds it, else decoded,
    /// and stored when `scale` > 1.
    func source(of photo: Photo, scale: Int) throws -> Bitmap {
        guard scale > 1, let name = Self.fileName(photo, scale: scale) else {
            return try ImageRenderer.decodeSource(photo, scale: scale)
        }
        let file = directory.appendingPathComponent(name)
        let expected = ImageDecoder.decodedSize(for: photo.header, options: Self.options(photo, scale: scale))
        if let stored = Self.read(file), let bitmap = try? ImageDecoder.decode(stored).bitmap, bitmap.size == expected {
            markUsed(name)
            return bitmap
        }
        let bitmap = try ImageRenderer.decodeSource(photo, scale: scale)
        write(bitmap, to: file)
        return bitmap
    }

    /// The scaled animation of `photo` for a request of `asked` pixels (``AnimationRenderer/scaled(_:asked:quality:)``):
    /// from the store when it holds that render, else rendered and stored; nil when the file is
    /// served as it is.
    func animation(of photo: Photo, asked: PixelSize, quality: Int) throws -> [UInt8]? {
        guard let size = AnimationRenderer.scaledSize(canvas: photo.size, covering: asked),
            let name = Self.animationFileName(photo, size: size, quality: quality)
        else {
            return try AnimationRenderer.scaled(photo, asked: asked, quality: quality)
        }
        let file = directory.appendingPathComponent(name)
        if let stored = Self.read(file), let header = try? ImageDecoder.probe(stored), header.format == .webp,
            header.isAnimated, header.size == size
        {
            markUsed(name)
            return stored
        }
        let scaled = try AnimationRenderer.scaled(photo, asked: asked, quality: quality)
        if let scaled {
            write(scaled, to: file)
            trimAnimations(beside: name)
        }
        return scaled
    }

    /// The most scaled animations kept for one photo (a terminal resized now and then asks for
    /// a few sizes; each is a small file).
    static let animationsKeptPerPhoto = 4

    /// Removes the photo's stored animations beyond ``animationsKeptPerPhoto``, the least
    /// recently written first (`name`, just written, stays).
    private func trimAnimations(beside name: String) {
        guard let marker = name.firstRange(of: "-animation-") else { return }
        let prefix = String(name[..<marker.upperBound])
        // Regular files of this photo's animations only, relative to the folder (no link followed).
        guard let folder = try? CacheDirectory.existing(directory.path) else { return }
        var stored = folder.files { $0.hasPrefix(prefix) && $0.hasSuffix(".webp") }
        guard stored.count > Self.animationsKeptPerPhoto else { return }
        stored.sort { $0.modified > $1.modified }
        for old in stored.dropFirst(Self.animationsKeptPerPhoto) where old.name != name {
            folder.remove(old.name)
        }
    }

    static func options(_ photo: Photo, scale: Int) -> DecodingOptions {
        DecodingOptions(targetSize: ImageRenderer.scaledSize(photo.size, scale), appliesOrientation: true)
    }

    /// The photo's identity (as the decode check records it) and the scale:
    /// `<device>-<inode>-<size>-<seconds>-<nanoseconds>-<scale>.png`; nil when the file cannot be `stat`ed.
    static func fileName(_ photo: Photo, scale: Int) -> String? {
        DecodeCheckMemo.identity(of: photo.url.path).map { $0.line.replacing(" ", with: "-") + "-\(scale).png" }
    }

    /// `<identity>-animation-<width>x<height>-q<quality>.webp`: the scaled size and the quality
    /// name the render (a request's size only chooses the scaled size).
    static func animationFileName(_ photo: Photo, size: PixelSize, quality: Int) -> String? {
        DecodeCheckMemo.identity(of: photo.url.path).map {
            $0.line.replacing(" ", with: "-") + "-animation-\(size.width)x\(size.height)-q\(quality).webp"
        }
    }

    private static func read(_ file: URL) -> [UInt8]? {
        var status = stat()
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= maxFileBytes,
            let data = FileManager.default.contents(atPath: file.path), data.count <= maxFileBytes
        else { return nil }
        return [UInt8](data)
    }

    /// Writes through a temporary file renamed over the name; a failure only costs a decode next time.
    /// A source is a JPEG's decode (opaque): it is kept as a photograph PNG, its rows filtered
    /// and Huffman-coded on this thread (faster than libpng's zlib level 1, the same pixels): the first
    /// run's server writes five of these while the first page waits, beside the viewer.
    private func write(_ bitmap: Bitmap, to file: URL) {
        guard let png = try? PNGEncoder.encodePhotograph(bitmap, threads: 1) else { return }
        write(png, to: file)
    }

    private func write(_ bytes: [UInt8], to file: URL) {
        // Only in a folder that is there (the viewer's setup made its cache folder), and not through a link.
        guard let parent = try? CacheDirectory.existing(directory.deletingLastPathComponent().path),
            let folder = try? parent.subdirectory(directory.lastPathComponent, creating: true)
        else { return }
        _ = folder.writeAtomically(bytes, to: file.lastPathComponent, through: ".\(file.lastPathComponent).\(getpid()).tmp")
        // Bounded: every install, reinstall or --photos folder adds a set; the least recently
        // used go (OwnFiles.serverSources).
        if folder.usage(where: ServerSources.isOwnName).bytes > ServerSources.sizeLimit {
            folder.trim(toAtMost: ServerSources.sizeLimit, target: 0.8, where: ServerSources.isOwnName)
        }
    }

    /// Marks a stored file as used now, so the trim keeps the sources a run still reads: to
    /// the hour (a file written or marked within the last hour is left as it is, so a start
    /// reading its sources writes nothing).
    private func markUsed(_ name: String) {
        guard let folder = try? CacheDirectory.existing(directory.path), let file = folder.file(named: name) else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if file.modified < (Int(now.tv_sec) - 3600) * 1_000_000_000 { folder.touch(name) }
    }
}

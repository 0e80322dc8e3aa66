public import FoundationEssentials
import ImageCodecs
import FoundationExtras
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

extension AnimationData {
    /// The largest animated file read to be played beside its stored thumbnail.
    public static let fileLimit = 64 << 20

    /// The animation in the file at `url` when its first bytes say GIF, WebP or PNG and its
    /// header more than one frame; nil for anything else. Other formats are read no further
    /// than their first 16 bytes, a PNG no further than its first 64 KiB unless they hold an
    /// `acTL` (an APNG says so before its image data).
    public init?(animatedFile url: URL) {
        guard let path = url.localPath else { return nil }
        let descriptor = path.openFile(O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        let handle = ReadableFile(descriptor: descriptor)
        defer { handle.close() }
        // A thumbnail hit asks this of every file: 16 bytes decide for JPEG, HEIF and the rest.
        guard let signature = try? handle.read(upToCount: 16), let format = ImageFormat.sniff(signature),
            [.gif, .webp, .png].contains(format)
        else { return nil }
        let head: [UInt8]
        do {
            head = signature + (try handle.read(upToCount: (64 << 10) - 16))
        } catch {
            return nil
        }
        if format == .png, (try? ImageDecoder.probe(head))?.isAnimated != true { return nil }
        // Empty at the end of the file: a small one was read whole with its head.
        let rest: [UInt8]
        do {
            rest = try handle.read(upToCount: Self.fileLimit)
        } catch {
            return nil
        }
        let bytes = head + rest
        guard let header = try? ImageDecoder.probe(bytes) else { return nil }
        self.init(bytes: bytes, header: header)
    }
}

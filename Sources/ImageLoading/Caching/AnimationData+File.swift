public import Foundation
import ImageCodecs

extension AnimationData {
    /// The largest animated file read to be played beside its stored thumbnail.
    public static let fileLimit = 64 << 20

    /// The animation in the file at `url` when its first bytes say GIF or WebP and its header
    /// more than one frame; nil for anything else (read no further than the signature).
    public init?(animatedFile url: URL) {
        guard url.isFileURL, let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 16), let format = ImageFormat.sniff(Array(head)),
            format == .gif || format == .webp,
            let rest = try? handle.read(upToCount: Self.fileLimit)
        else { return nil }
        let bytes = Array(head) + Array(rest)
        guard let header = try? ImageDecoder.probe(bytes) else { return nil }
        self.init(bytes: bytes, header: header)
    }
}

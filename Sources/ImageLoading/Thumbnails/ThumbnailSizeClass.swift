import ImageCodecs
public import Vocabulary

/// The freedesktop.org thumbnail sizes: the longest side of a thumbnail in each directory.
public enum ThumbnailSizeClass: Int, Sendable, Hashable, CaseIterable, Comparable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    /// The directory under `thumbnails/`.
    public var directoryName: String {
        switch self {
        case .normal: "normal"
        case .large: "large"
        case .xLarge: "x-large"
        case .xxLarge: "xx-large"
        }
    }

    /// The longest side, in pixels.
    public var side: Int { rawValue }

    /// The largest thumbnail file of this class that is read: the class's largest image
    /// (``side`` × ``side``, 16-bit RGBA) as raw PNG rows (a filter byte each), plus 1/8 for
    /// deflate's worst case and 64 KiB for the other chunks. 213,136 bytes for normal, 655,648
    /// for large, 2,425,408 for x-large, 9,503,872 for xx-large.
    public var maxFileBytes: Int {
        let raw = side * (side * 8 + 1)
        return raw + raw / 8 + (64 << 10)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The thumbnail of an original of `size` in this class: scaled so its longest side is
    /// ``side`` (aspect kept, each side at least 1), or the original size when it is smaller.
    public func thumbnailSize(for size: PixelSize) -> PixelSize {
        let longest = max(size.width, size.height)
        guard longest > side else { return size }
        let scale = Double(side) / Double(longest)
        return PixelSize(
            width: max(1, Int((Double(size.width) * scale).rounded())),
            height: max(1, Int((Double(size.height) * scale).rounded())))
    }

    /// The smallest class whose thumbnail of an original of `originalSize` covers `needed`, or
    /// nil when even the largest does not (the original must be decoded).
    public static func smallest(for originalSize: PixelSize, covering needed: PixelSize) -> Self? {
        allCases.first { covers($0.thumbnailSize(for: originalSize), original: originalSize, needed: needed) }
    }

    /// Whether a thumbnail of `thumbnail` stands in for an original of `original` when `needed`
    /// pixels are wanted: at least `needed` on each axis, or the whole original side.
    public static func covers(_ thumbnail: PixelSize, original: PixelSize?, needed: PixelSize) -> Bool {
        func side(_ have: Int, _ want: Int, _ whole: Int?) -> Bool {
            have >= want || (whole.map { have >= $0 } ?? false)
        }
        return side(thumbnail.width, needed.width, original?.width)
            && side(thumbnail.height, needed.height, original?.height)
    }
}

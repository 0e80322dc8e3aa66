public import Vocabulary

/// One id of the feed: which photo it shows, which part of it, mirrored or not, and by whom.
public struct FeedItem: Sendable, Hashable {
    /// The picsum id (0-based).
    public var id: Int
    /// Index into the library's photos.
    public var photoIndex: Int
    /// The part of the (upright) photo this id shows; its size is the id's width × height.
    public var crop: PixelRect
    /// Whether the crop is mirrored left to right.
    public var mirrored: Bool
    /// The photographer's name (may be non-ASCII).
    public var author: String

    /// The id's full size: the crop window's.
    public var size: PixelSize { crop.size }
}

/// Maps each of `count` ids deterministically to a photo, a crop window and a mirror flag.
///
/// Neighbouring ids always show different photos (the photo index steps by a stride coprime
/// with the number of photos), and each id's crop and mirror come from a stable hash of the id,
/// so a feed of a few photos still looks varied, and the same on every run. An id's author is
/// its photo's photographer when known (`photoAuthors`, from the library's manifest), else a
/// name from the built-in list, also chosen by the hash.
///
/// ```swift
/// let feed = PhotoFeed(photoSizes: library.photos.map(\.size), count: 1000)
/// feed.item(42)?.crop   // 300×400+12+40
/// ```
public struct PhotoFeed: Sendable {
    /// How many ids the feed has (`0..<count`).
    public let count: Int
    private let photoSizes: [PixelSize]
    private let photoAuthors: [String?]
    private let stride: Int
    /// The animations' sizes and photographers: shown whole at their own ids (``animationPeriod``).
    private let animationSizes: [PixelSize]
    private let animationAuthors: [String?]

    /// Animations take ids 1, 3, 5, … (one each) of every block of this many ids.
    public static let animationPeriod = 24

    /// Aspect ratios (width, height) a crop window may take.
    private static let aspects: [(Int, Int)] = [(1, 1), (4, 3), (3, 2), (16, 9), (3, 4), (2, 3), (5, 4), (4, 5)]

    /// A feed over photos of `photoSizes`; `photoAuthors` (same order, nil or missing: unknown)
    /// names each photo's photographer.
    /// Animations (`animationSizes`, `animationAuthors`) are shown whole, never cropped or
    /// mirrored (the server serves them as their files), at ids 1, 3, 5, … of every block of
    /// ``animationPeriod`` ids, so the first screen of a feed holds them; their photo indices
    /// follow the stills'.
    public init(
        photoSizes: [PixelSize], photoAuthors: [String?] = [], count: Int, animationSizes: [PixelSize] = [],
        animationAuthors: [String?] = []
    ) {
        self.animationSizes = Array(animationSizes.prefix(Self.animationPeriod / 2))
        self.animationAuthors = self.animationSizes.indices.map { $0 < animationAuthors.count ? animationAuthors[$0] : nil }
        precondition(!photoSizes.isEmpty, "a feed needs at least one photo")
        self.photoSizes = photoSizes
        self.photoAuthors = photoSizes.indices.map { $0 < photoAuthors.count ? photoAuthors[$0] : nil }
        self.count = max(0, count)
        self.stride = Self.coprimeStride(for: photoSizes.count)
    }

    /// The item for `id`, or nil when `id` is outside `0..<count`.
    public func item(_ id: Int) -> FeedItem? {
        guard id >= 0, id < count else { return nil }
        var hash = StableHash(seed: 0x5049_4353_554d)  // "PICSUM"
        hash.combine(id)
        let photoIndex = (id % photoSizes.count) * stride % photoSizes.count
        let photo = photoSizes[photoIndex]
        let slot = id % Self.animationPeriod
        if slot % 2 == 1, slot / 2 < animationSizes.count {
            let animation = slot / 2
            let size = animationSizes[animation]
            return FeedItem(
                id: id, photoIndex: photoSizes.count + animation, crop: PixelRect(x: 0, y: 0, width: size.width, height: size.height),
                mirrored: false, author: animationAuthors[animation] ?? Authors.all[hash.below(Authors.all.count, stream: 6)])
        }
        let crop = Self.cropWindow(in: photo, hash: hash)
        return FeedItem(
            id: id, photoIndex: photoIndex, crop: crop, mirrored: hash.below(2, stream: 5) == 1,
            author: photoAuthors[photoIndex] ?? Authors.all[hash.below(Authors.all.count, stream: 6)])
    }

    /// The id a `/seed/{seed}/…` URL shows.
    public func id(forSeed seed: String) -> Int {
        var hash = StableHash(seed: 0x5345_4544)  // "SEED"
        hash.combine(seed)
        return count == 0 ? 0 : Int(hash.value % UInt64(count))
    }

    private static func cropWindow(in photo: PixelSize, hash: StableHash) -> PixelRect {
        let (aw, ah) = aspects[hash.below(aspects.count, stream: 1)]
        // The largest window of that aspect inside the photo, then 55–100 % of it.
        let fitWidth = min(photo.width, photo.height * aw / ah)
        let scale = 0.55 + 0.45 * hash.unit(2)
        let width = max(1, Int(Double(max(1, fitWidth)) * scale))
        let height = max(1, min(photo.height, width * ah / aw))
        let x = hash.below(photo.width - width + 1, stream: 3)
        let y = hash.below(photo.height - height + 1, stream: 4)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// A stride near n/2 that shares no factor with n, so `id * stride % n` visits every photo
    /// and consecutive ids never repeat one (when n > 1).
    private static func coprimeStride(for n: Int) -> Int {
        guard n > 2 else { return 1 }
        var candidate = n / 2 + 1
        while gcd(candidate, n) != 1 { candidate += 1 }
        return candidate
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}

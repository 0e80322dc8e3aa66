/// Small image ids for kitty placeholders named by a 256-colour index, for a screen that does
/// not pass 24-bit colour (tmux without its `RGB` feature turns every 24-bit colour into a
/// palette entry, which would rename the image).
///
/// A placeholder names its image by its foreground colour and, when not zero, a third mark for
/// the id's top byte. With a palette colour the id is `top << 24 | index`: indices 16…255 (the
/// 16 ANSI colours are left alone, as terminals theme them) times 128 top bytes (0…127: every
/// id stays within ``KittyGraphics/imageIDs``, 1…2³¹−1) give ``capacity`` ids. Images on screen always keep theirs; an id is reused only for an image
/// off screen, least recently shown first, and reusing one transmits the new pixels under it
/// first, so a reused id never shows the picture it named before. A process's ids begin at a
/// random place among them (``processFirst``), so two screens in one kitty — two viewers in two
/// tmux panes — name their images apart. Pure bookkeeping.
///
/// ```swift
/// var ids = IndexedImageIDs()
/// let reassigned = ids.assign(onScreen: [0x00AB_CDEF, 0x0012_3456])   // ids whose owner changed
/// ids.id(for: 0x00AB_CDEF)   // IndexedImageIDs.id(at: IndexedImageIDs.processFirst)
/// ```
public struct IndexedImageIDs: Sendable {
    /// The palette indices used.
    public static let indices: ClosedRange<UInt32> = 16...255
    /// How many distinct ids there are.
    public static let capacity = indices.count * topBytes
    /// How many top bytes are used: 0…127, so no id reaches 2³¹.
    public static let topBytes = 128

    /// Where this process's ids begin (random, drawn once).
    public static let processFirst = Int.random(in: 0..<capacity)

    private var byImage: [UInt32: UInt32] = [:]
    private var owner: [UInt32: UInt32] = [:]
    private var lastUsed: [UInt32: Int] = [:]
    private var allocated = 0
    private var clock = 0
    private let limit: Int
    private let first: Int

    /// Ids for at most `limit` images at once (tests use a small one), the first of them the
    /// `first`th (``id(at:)``).
    public init(limit: Int = IndexedImageIDs.capacity, first: Int = IndexedImageIDs.processFirst) {
        self.limit = max(1, min(limit, Self.capacity))
        self.first = (first % Self.capacity + Self.capacity) % Self.capacity
    }

    /// The small id of `image` (a ``TerminalImage`` id), when it has one.
    public func id(for image: UInt32) -> UInt32? { byImage[image] }

    /// Gives every image on screen an id; returns the ids that now name another image than
    /// before (their pixels must be transmitted again before the cells show).
    public mutating func assign(onScreen images: [UInt32]) -> Set<UInt32> {
        clock += 1
        let visible = Set(images)
        var reassigned = Set<UInt32>()
        for image in images {
            if let id = byImage[image] {
                lastUsed[id] = clock
                continue
            }
            let id: UInt32
            if allocated < limit {
                id = Self.id(at: (first + allocated) % Self.capacity)
                allocated += 1
            } else {
                // Every id is taken: reuse the one shown longest ago that is not on screen now.
                guard
                    let oldest = lastUsed.filter({ !visible.contains(owner[$0.key] ?? 0) }).min(by: { $0.value < $1.value })?.key
                else { continue }
                if let previous = owner[oldest] { byImage[previous] = nil }
                id = oldest
            }
            byImage[image] = id
            owner[id] = image
            lastUsed[id] = clock
            reassigned.insert(id)
        }
        return reassigned
    }

    /// The `n`th id: the palette index in the low byte, the top byte above it.
    public static func id(at n: Int) -> UInt32 {
        let index = indices.lowerBound + UInt32(n % indices.count)
        let top = UInt32(n / indices.count)
        return top << 24 | index
    }

    /// A stable small id for `image` without bookkeeping (a command that prints one picture).
    static func hashed(_ image: UInt32) -> UInt32 {
        id(at: Int(image % UInt32(capacity)))
    }
}

/// What the link lets one frame's pictures write: the bytes left in its window, and whether a
/// picture may go past them.
///
/// A kitty transmission is cut at its chunks and goes on in later frames; a picture that cannot
/// be cut (a sixel, an iTerm2 image) goes whole or waits. One larger than what is left goes only
/// when nothing is in flight and the screen is at rest (no key for ``restInterval``), so a key
/// pressed while pictures wait is never behind one. ``unlimited`` writes everything at once
/// (a screen whose link is not measured).
///
/// ```swift
/// let allowance = PictureAllowance(bytes: link.allowance, linkIdle: link.inFlight == 0, resting: true)
/// let bytes = store.apply(changes, allowance: allowance)
/// ```
public struct PictureAllowance: Hashable, Sendable {
    /// How long after the last key the screen counts as resting: keys typed faster than this
    /// (a held `j`, a burst) never wait behind a picture that cannot be cut.
    public static let restInterval = Duration.milliseconds(300)

    /// Picture bytes that fit in the window.
    public var bytes: Int
    /// Whether nothing was in flight when the frame began: one chunk may go past ``bytes``.
    public var linkIdle: Bool
    /// Whether no key came for ``restInterval``: with the link idle, one picture that cannot be
    /// cut may go past ``bytes``.
    public var resting: Bool
    /// Whether the link carries a picture within a frame (measured at ``fastRate`` or more):
    /// otherwise, while keys come, only lighter versions go and whole pictures wait for the
    /// screen to rest, so rows flown past cost next to nothing.
    public var fastLink: Bool

    /// The rate from which a link is fast: a whole picture goes within a frame.
    public static let fastRate = 10_000_000.0

    /// An allowance.
    public init(bytes: Int, linkIdle: Bool, resting: Bool, fastLink: Bool = true) {
        self.bytes = max(0, bytes)
        self.linkIdle = linkIdle
        self.resting = resting
        self.fastLink = fastLink
    }

    /// Whether whole pictures go now: the screen rests, or the link is fast.
    var wholePicturesGo: Bool { resting || fastLink }

    /// Everything at once.
    public static let unlimited = PictureAllowance(bytes: Int.max, linkIdle: true, resting: true)

    /// Whether `count` more bytes go now, as one piece of a picture that can be cut (`cuttable`)
    /// or a whole one that cannot; counts them when they do.
    mutating func admits(_ count: Int, cuttable: Bool) -> Bool {
        if count <= bytes {
            bytes -= count
            linkIdle = false
            return true
        }
        guard linkIdle, cuttable || resting else { return false }
        bytes = 0
        linkIdle = false
        return true
    }
}
